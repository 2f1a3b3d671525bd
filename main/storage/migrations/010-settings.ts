import type { Migration } from '../migrate';

/** The console's own settings (log level, update feed): one JSON value per key, never a secret. */
export const settings: Migration = {
  version: 10,
  name: 'settings',
  up(db) {
    db.exec(`CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT`);
  },
};
