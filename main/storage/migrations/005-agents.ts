import type { Migration } from '../migrate';

/**
 * Watch lists and their alerts, the look-up shortcuts, and the last copy seen of each device. Lists and alerts are
 * kept as their JSON (no secrets inside); a device copy is sealed (its stream links are masked, and the record is
 * encrypted all the same) under a keyed hash of the device id.
 */
export const agents: Migration = {
  version: 5,
  name: 'agents',
  up(db) {
    db.exec(`CREATE TABLE watch_lists (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      body TEXT NOT NULL
    ) STRICT`);
    db.exec(`CREATE TABLE watch_alerts (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      list_id TEXT NOT NULL REFERENCES watch_lists (id) ON DELETE CASCADE,
      cleared INTEGER NOT NULL CHECK (cleared IN (0, 1)),
      body TEXT NOT NULL
    ) STRICT`);
    db.exec('CREATE INDEX watch_alerts_by_list ON watch_alerts (list_id)');
    db.exec('CREATE INDEX watch_alerts_cleared ON watch_alerts (cleared, seq)');
    db.exec(`CREATE TABLE lookup_shortcuts (
      profile_id TEXT NOT NULL,
      device_id TEXT NOT NULL,
      name TEXT,
      looked_up_at TEXT,
      recent_seq INTEGER,
      pinned_seq INTEGER,
      PRIMARY KEY (profile_id, device_id)
    ) STRICT`);
    db.exec(`CREATE TABLE device_cache (
      profile_id TEXT NOT NULL,
      device_key BLOB NOT NULL,
      fetched_at TEXT NOT NULL,
      record BLOB NOT NULL,
      PRIMARY KEY (profile_id, device_key)
    ) STRICT`);
  },
};
