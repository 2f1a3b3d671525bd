import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { dashboardSchema, type Dashboard } from '../../preload/contract/wire/platform';
import { readFileIfExists, writeFileAtomic } from '../shared/atomic-file';
import { log } from '../shared/log';

/**
 * The last dashboard answer per profile and period, on disk, so a wall or a laptop without a network still shows
 * the numbers (marked stale with their time). Statistics are not secret: plain JSON, written atomically. One file per
 * profile and period (the name is a hash of both, so no profile text reaches a file name).
 */
export interface SavedDashboard {
  fetchedAt: string;
  dashboard: Dashboard;
}

const savedSchema = z.object({
  version: z.literal(1),
  profileId: z.string(),
  periodKey: z.string(),
  fetchedAt: z.iso.datetime(),
  dashboard: dashboardSchema,
});

export interface DashboardCache {
  read(profileId: string, periodKey: string): Promise<SavedDashboard | null>;
  write(profileId: string, periodKey: string, saved: SavedDashboard): Promise<void>;
  /** Removes every saved answer of one profile (after the profile is deleted). */
  forgetProfile(profileId: string): Promise<void>;
}

export function createDashboardCache(folder: string): DashboardCache {
  const profileFolder = (profileId: string) => join(folder, createHash('sha256').update(profileId).digest('hex').slice(0, 32));
  const fileOf = (profileId: string, periodKey: string) =>
    join(profileFolder(profileId), `${createHash('sha256').update(periodKey).digest('hex').slice(0, 32)}.json`);

  return {
    async read(profileId, periodKey) {
      const path = fileOf(profileId, periodKey);
      let text: Buffer | null;
      try {
        text = await readFileIfExists(path);
      } catch (error) {
        log.warn('dashboard', `saved dashboard unreadable: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
      if (text === null) return null;
      let json: unknown;
      try {
        json = JSON.parse(text.toString('utf8'));
      } catch {
        json = undefined;
      }
      const parsed = savedSchema.safeParse(json);
      // A damaged copy is only a missed offline view (the server's answer is the truth), so it is not kept.
      if (!parsed.success || parsed.data.profileId !== profileId || parsed.data.periodKey !== periodKey) {
        log.warn('dashboard', 'a saved dashboard did not parse and was ignored');
        return null;
      }
      return { fetchedAt: parsed.data.fetchedAt, dashboard: parsed.data.dashboard };
    },
    async write(profileId, periodKey, saved) {
      const body = JSON.stringify({ version: 1, profileId, periodKey, fetchedAt: saved.fetchedAt, dashboard: saved.dashboard });
      await writeFileAtomic(fileOf(profileId, periodKey), body);
    },
    async forgetProfile(profileId) {
      await rm(profileFolder(profileId), { recursive: true, force: true });
    },
  };
}
