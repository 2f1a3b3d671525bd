import type { Migration } from '../migrate';

/** Server profiles (no secrets: API tokens stay in the keychain) and which one is in use. */
export const profiles: Migration = {
  version: 8,
  name: 'profiles',
  up(db) {
    db.exec(`CREATE TABLE profiles (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      body TEXT NOT NULL
    ) STRICT`);
    db.exec(`CREATE TABLE active_profile (
      one INTEGER PRIMARY KEY CHECK (one = 1),
      profile_id TEXT REFERENCES profiles (id) ON DELETE SET NULL
    ) STRICT`);
  },
};
