import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { dashboardSchema } from '../../../preload/contract/wire/platform';
import { createDashboardCacheRepository } from '../repositories/dashboard-cache-repository';
import { readJsonFiles, type LegacySource } from './legacy-import';

/** Before the database: `dashboard-cache/<hash of profile>/<hash of period>.json`, each naming its profile and period. */
const DASHBOARD_FOLDER = 'dashboard-cache';
const savedSchema = z.object({ version: z.literal(1), profileId: z.string(), periodKey: z.string(), fetchedAt: z.iso.datetime(), dashboard: dashboardSchema });

/** The saved dashboards. One that does not read is only a missed offline view: it is left out and named in the log. */
export const legacyDashboard: LegacySource = {
  name: 'saved dashboards',
  files: [DASHBOARD_FOLDER],
  async read({ dataDir }) {
    const folder = join(dataDir, DASHBOARD_FOLDER);
    const saved: Array<z.infer<typeof savedSchema>> = [];
    for (const profile of readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      saved.push(...(await readJsonFiles(join(folder, profile.name), savedSchema, 'an earlier saved dashboard')));
    }
    return (storage) => {
      const repository = createDashboardCacheRepository(storage);
      for (const item of saved) repository.write(item.profileId, item.periodKey, item.fetchedAt, JSON.stringify(item.dashboard));
    };
  },
};
