import type { Migration } from '../migrate';

/**
 * Alert history: every change of an alert's state (the transition log the operator exports), what the operator did
 * about an alert (snooze, acknowledgement with a note) or a device (mute), and each watched device's history kept as
 * transitions (online/offline, status) and storage samples taken only when usage moved or a day passed, never one row
 * per poll. Device ids are the platform's numbers (digits, not identifying by themselves); history rows refer to a
 * small integer per (server profile, device) so that the many sample rows stay short.
 */
export const alertHistory: Migration = {
  version: 9,
  name: 'alert-history',
  up(db) {
    db.exec(`CREATE TABLE alert_transitions (
      id INTEGER PRIMARY KEY,
      list_id TEXT NOT NULL,
      device_id TEXT NOT NULL,
      rule_id TEXT NOT NULL,
      at INTEGER NOT NULL,
      from_state TEXT NOT NULL CHECK (from_state IN ('normal', 'pending', 'firing', 'nodata')),
      to_state TEXT NOT NULL CHECK (to_state IN ('normal', 'pending', 'firing', 'nodata')),
      note TEXT
    ) STRICT`);
    db.exec('CREATE INDEX alert_transitions_by_alert ON alert_transitions (list_id, device_id, rule_id, at)');
    db.exec(`CREATE TABLE alert_silences (
      list_id TEXT NOT NULL,
      device_id TEXT NOT NULL,
      rule_id TEXT NOT NULL,
      snoozed_until INTEGER,
      acknowledged_at INTEGER,
      acknowledged_note TEXT,
      PRIMARY KEY (list_id, device_id, rule_id)
    ) STRICT, WITHOUT ROWID`);
    db.exec(`CREATE TABLE muted_devices (
      list_id TEXT NOT NULL,
      device_id TEXT NOT NULL,
      muted_at INTEGER NOT NULL,
      PRIMARY KEY (list_id, device_id)
    ) STRICT, WITHOUT ROWID`);
    db.exec(`CREATE TABLE history_devices (
      key INTEGER PRIMARY KEY,
      profile_id TEXT NOT NULL,
      device_id TEXT NOT NULL,
      UNIQUE (profile_id, device_id)
    ) STRICT`);
    // Seconds, not milliseconds, and whole megabytes: a sample row is about 20 bytes.
    db.exec(`CREATE TABLE device_transitions (
      device INTEGER NOT NULL REFERENCES history_devices (key) ON DELETE CASCADE,
      at INTEGER NOT NULL,
      online INTEGER,
      status TEXT,
      PRIMARY KEY (device, at)
    ) STRICT, WITHOUT ROWID`);
    db.exec(`CREATE TABLE storage_samples (
      device INTEGER NOT NULL REFERENCES history_devices (key) ON DELETE CASCADE,
      storage INTEGER NOT NULL,
      at INTEGER NOT NULL,
      used_mb INTEGER NOT NULL,
      capacity_mb INTEGER NOT NULL,
      PRIMARY KEY (device, storage, at)
    ) STRICT, WITHOUT ROWID`);
  },
};
