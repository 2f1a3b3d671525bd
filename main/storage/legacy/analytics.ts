import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { decryptJson } from '../../secrets/crypto';
import { createSealer } from '../sealer';
import { createAnalyticsWorkRepository, draftSchema, sentSchema } from '../repositories/analytics-work-repository';
import type { LegacySource } from './legacy-import';

/** Before the database: one file encrypted with the data key, bound to its name. */
const ANALYTICS_FILE = 'analytics-tasks.enc';
const workFileSchema = z.object({ version: z.literal(1), drafts: z.array(draftSchema), sent: z.array(sentSchema) });

/** The analytics editor's drafts and sent bodies; a file that cannot be decrypted stays where it is, and is told. */
export const legacyAnalytics: LegacySource = {
  name: 'analytics drafts',
  files: [ANALYTICS_FILE],
  async read({ dataDir, getDataKey }) {
    const key = await getDataKey();
    const file = decryptJson(key, await readFile(join(dataDir, ANALYTICS_FILE)), `watchdesk:${ANALYTICS_FILE}`, workFileSchema, ANALYTICS_FILE);
    const sealer = createSealer(key);
    const byNewest = <T>(items: T[], at: (item: T) => string) => [...items].sort((a, b) => at(b).localeCompare(at(a)));
    return (storage) =>
      createAnalyticsWorkRepository(storage).replace(sealer, { drafts: [], sent: [] }, { drafts: byNewest(file.drafts, (d) => d.savedAt), sent: byNewest(file.sent, (s) => s.sentAt) });
  },
};
