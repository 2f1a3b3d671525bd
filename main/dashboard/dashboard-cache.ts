import { z } from 'zod';
import { dashboardSchema, type Dashboard } from '../../preload/contract/wire/platform';
import type { Storage } from '../storage/database';
import { createDashboardCacheRepository } from '../storage/repositories/dashboard-cache-repository';
import { log } from '../shared/log';

/**
 * The last dashboard answer per profile and period, in the database, so a wall or a laptop without a network still
 * shows the numbers (marked stale with their time). Statistics are not secret.
 */
export interface SavedDashboard {
  fetchedAt: string;
  dashboard: Dashboard;
}

export interface DashboardCache {
  read(profileId: string, periodKey: string): Promise<SavedDashboard | null>;
  /** Resolves once the answer is committed; a disk that cannot take it rejects with the folder's sentence. */
  write(profileId: string, periodKey: string, saved: SavedDashboard): Promise<void>;
  /** Removes every saved answer of one profile (after the profile is deleted). */
  forgetProfile(profileId: string): Promise<void>;
}

const fetchedAtSchema = z.iso.datetime();

export function createDashboardCache(storage: Storage): DashboardCache {
  const repository = createDashboardCacheRepository(storage);
  return {
    async read(profileId, periodKey) {
      const row = repository.read(profileId, periodKey);
      if (!row) return null;
      // Written by this console from a checked answer; one that no longer checks (a newer schema) is only a missed
      // offline view, since the server's answer is the truth.
      const dashboard = dashboardSchema.safeParse(JSON.parse(row.body));
      if (!dashboard.success || !fetchedAtSchema.safeParse(row.fetchedAt).success) {
        log.warn('dashboard', 'a saved dashboard no longer matches the answer shape and was ignored');
        return null;
      }
      return { fetchedAt: row.fetchedAt, dashboard: dashboard.data };
    },
    async write(profileId, periodKey, saved) {
      repository.write(profileId, periodKey, saved.fetchedAt, JSON.stringify(saved.dashboard));
    },
    async forgetProfile(profileId) {
      repository.forgetProfile(profileId);
    },
  };
}
