import type { Migration } from '../migrate';

/**
 * The analytics editor's drafts and the bodies sent per task and server. A body's stream link often carries the
 * camera's user name and password, so each record is sealed; rows are found by a keyed hash of what names them.
 */
export const analytics: Migration = {
  version: 7,
  name: 'analytics drafts',
  up(db) {
    db.exec(`CREATE TABLE analytics_drafts (
      key BLOB PRIMARY KEY,
      saved_at TEXT NOT NULL,
      record BLOB NOT NULL
    ) STRICT`);
    db.exec(`CREATE TABLE analytics_sent (
      key BLOB PRIMARY KEY,
      sent_at TEXT NOT NULL,
      record BLOB NOT NULL
    ) STRICT`);
  },
};
