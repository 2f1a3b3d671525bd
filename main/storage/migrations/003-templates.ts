import type { Migration } from '../migrate';

/**
 * Camera templates: their values as JSON (placement, access, recording: nothing secret, as in the file before) and,
 * sealed apart, the ONVIF password (in session-only mode it is kept in memory, not here). A deleted template is kept with `deleted_at` until the next delete, so the installer can undo it.
 */
export const templates: Migration = {
  version: 3,
  name: 'camera templates',
  up(db) {
    db.exec(`CREATE TABLE camera_templates (
      id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL,
      name TEXT NOT NULL,
      template TEXT NOT NULL,
      password BLOB,
      updated_at TEXT NOT NULL,
      deleted_at TEXT
    ) STRICT`);
  },
};
