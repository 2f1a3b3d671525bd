import type { Migration } from '../migrate';

/**
 * The outbox and the cameras created from this console. An entry's request (with its ONVIF password) and what the
 * server answered are sealed BLOBs; the columns in clear are what order, state and uniqueness need and reveal nothing
 * (states, counts, times, random ids). Identifiers are keyed hashes: one entry per external id per server profile is
 * a unique index, and every MAC, serial and external id ever queued stays known (cleared rows are hidden, not
 * deleted), so a re-import of cameras that exist is told per row.
 */
export const outbox: Migration = {
  version: 2,
  name: 'outbox and created cameras',
  up(db) {
    db.exec(`CREATE TABLE outbox_entries (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      profile_id TEXT NOT NULL,
      external_id_hash BLOB NOT NULL,
      mac_hash BLOB,
      serial_hash BLOB,
      import_id TEXT,
      state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'retrying', 'needs-fixing', 'held', 'created')),
      attempts INTEGER NOT NULL DEFAULT 0,
      maybe_created INTEGER NOT NULL DEFAULT 0 CHECK (maybe_created IN (0, 1)),
      due_at INTEGER,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      cleared_at TEXT,
      discarded_at TEXT,
      body BLOB NOT NULL,
      outcome BLOB
    ) STRICT`);
    // Discarded entries are kept for undo only: they hold no external id.
    db.exec('CREATE UNIQUE INDEX outbox_one_per_external_id ON outbox_entries (profile_id, external_id_hash) WHERE discarded_at IS NULL');
    // What to send next, and when the next retry is: read through these by name (INDEXED BY), so the planner never
    // prefers the state index and sorts every waiting row instead.
    db.exec("CREATE INDEX outbox_due ON outbox_entries (due_at, seq) WHERE state IN ('queued', 'retrying') AND discarded_at IS NULL");
    db.exec("CREATE INDEX outbox_retry ON outbox_entries (due_at) WHERE state = 'retrying' AND discarded_at IS NULL");
    db.exec('CREATE INDEX outbox_cleared ON outbox_entries (cleared_at) WHERE cleared_at IS NOT NULL');
    db.exec('CREATE INDEX outbox_by_state ON outbox_entries (state, discarded_at, cleared_at)');
    db.exec('CREATE INDEX outbox_by_import ON outbox_entries (import_id, state) WHERE import_id IS NOT NULL');
    // The list of created cameras reads what was created since it last looked.
    db.exec("CREATE INDEX outbox_created ON outbox_entries (updated_at) WHERE state = 'created'");
    db.exec('CREATE INDEX outbox_discarded ON outbox_entries (discarded_at) WHERE discarded_at IS NOT NULL');
    // Every MAC and serial ever queued from this console, per server: a re-import finds the camera by either.
    db.exec('CREATE INDEX outbox_by_mac ON outbox_entries (profile_id, mac_hash) WHERE mac_hash IS NOT NULL AND discarded_at IS NULL');
    db.exec('CREATE INDEX outbox_by_serial ON outbox_entries (profile_id, serial_hash) WHERE serial_hash IS NOT NULL AND discarded_at IS NULL');
  },
};
