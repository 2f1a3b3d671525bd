import type { Migration } from '../migrate';

/** The last dashboard answer per profile and period (statistics, no secrets), for an offline or stale view. */
export const dashboard: Migration = {
  version: 6,
  name: 'dashboard cache',
  up(db) {
    db.exec(`CREATE TABLE dashboard_cache (
      profile_id TEXT NOT NULL,
      period_key TEXT NOT NULL,
      fetched_at TEXT NOT NULL,
      body TEXT NOT NULL,
      PRIMARY KEY (profile_id, period_key)
    ) STRICT`);
  },
};
