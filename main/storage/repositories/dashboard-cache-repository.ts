import type { Storage } from '../database';

/**
 * The last dashboard answer per profile and period, as the JSON text that was saved (not secret): a wall or a laptop
 * without a network still shows the numbers, marked stale with their time.
 */
export interface DashboardCacheRepository {
  /** The answer as its UTF-8 bytes, never made a string (the dashboard's answer thread reads them so). */
  readBytes(profileId: string, periodKey: string): { fetchedAt: string; body: Uint8Array } | null;
  /** Whether an answer is kept for the profile and period, without reading it. */
  has(profileId: string, periodKey: string): boolean;
  /** `body`: the JSON text, or its UTF-8 bytes (stored as that text, without being decoded first). */
  write(profileId: string, periodKey: string, fetchedAt: string, body: string | Uint8Array): void;
  forgetProfile(profileId: string): void;
  /** How many answers are kept for a profile (support, tests). */
  count(profileId: string): number;
}

export function createDashboardCacheRepository(storage: Pick<Storage, 'statement' | 'transaction' | 'get'>): DashboardCacheRepository {
  const where = 'FROM dashboard_cache WHERE profile_id = ? AND period_key = ?';
  return {
    readBytes: (profileId, periodKey) => storage.get<{ fetchedAt: string; body: Uint8Array }>(`SELECT fetched_at AS fetchedAt, CAST(body AS BLOB) AS body ${where}`, profileId, periodKey) ?? null,
    has: (profileId, periodKey) => storage.get(`SELECT 1 ${where}`, profileId, periodKey) !== undefined,
    write(profileId, periodKey, fetchedAt, body) {
      storage.transaction(() =>
        storage
          .statement(
            `INSERT INTO dashboard_cache (profile_id, period_key, fetched_at, body) VALUES (?, ?, ?, CAST(? AS TEXT))
             ON CONFLICT (profile_id, period_key) DO UPDATE SET fetched_at = excluded.fetched_at, body = excluded.body`,
          )
          .run(profileId, periodKey, fetchedAt, body),
      );
    },
    forgetProfile(profileId) {
      storage.transaction(() => storage.statement('DELETE FROM dashboard_cache WHERE profile_id = ?').run(profileId));
    },
    count: (profileId) => storage.get<{ n: number }>('SELECT count(*) AS n FROM dashboard_cache WHERE profile_id = ?', profileId)!.n,
  };
}
