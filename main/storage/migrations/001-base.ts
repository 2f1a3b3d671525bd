import type { Migration } from '../migrate';

/** Facts about the database itself: when it was made, whether the files of earlier versions were taken in. */
export const base: Migration = {
  version: 1,
  name: 'base',
  up(db) {
    db.exec(`CREATE TABLE meta (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT`);
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('created_at', new Date().toISOString());
  },
};
