import { join } from 'node:path';
import { readFileIfExists, writeFileAtomic } from '../shared/atomic-file';
import { log } from '../shared/log';
import { z } from 'zod';
import { supportLogLevels } from '../../preload/contract/log-levels';
import { updateFeedSchema } from '../../preload/contract/support';

/** `support.json` in the data folder: the log level and the update feed. Never a secret (a feed is a public address). */
export const SUPPORT_SETTINGS_FILE = 'support.json';

export const supportSettingsSchema = z.object({
  logLevel: z.enum(supportLogLevels).optional(),
  /** Where updates are looked for; absent on isolated desks, and then no update request is ever made. */
  updateFeedUrl: updateFeedSchema.optional(),
});
export type SupportSettings = z.infer<typeof supportSettingsSchema>;

export interface SupportSettingsStore {
  read(): Promise<SupportSettings>;
  /** Applies the given fields (undefined leaves one as it is, null clears it) and saves. */
  update(change: { logLevel?: SupportSettings['logLevel'] | null; updateFeedUrl?: string | null }): Promise<SupportSettings>;
}

export function createSupportSettings(dataDir: string): SupportSettingsStore {
  const path = join(dataDir, SUPPORT_SETTINGS_FILE);
  let cached: SupportSettings | null = null;

  async function read(): Promise<SupportSettings> {
    if (cached) return cached;
    try {
      const bytes = await readFileIfExists(path);
      const parsed = bytes ? supportSettingsSchema.safeParse(JSON.parse(bytes.toString('utf8'))) : null;
      if (parsed && !parsed.success) log.warn('support', `${SUPPORT_SETTINGS_FILE} is not as expected; the defaults are used`);
      cached = parsed?.success ? parsed.data : {};
    } catch (error) {
      log.warn('support', `${SUPPORT_SETTINGS_FILE} could not be read; the defaults are used`, error);
      cached = {};
    }
    return cached;
  }

  return {
    read,
    async update(change) {
      const next: SupportSettings = { ...(await read()) };
      if (change.logLevel === null) delete next.logLevel;
      else if (change.logLevel !== undefined) next.logLevel = change.logLevel;
      if (change.updateFeedUrl === null) delete next.updateFeedUrl;
      else if (change.updateFeedUrl !== undefined) next.updateFeedUrl = updateFeedSchema.parse(change.updateFeedUrl);
      await writeFileAtomic(path, JSON.stringify(next, null, 2));
      cached = next;
      return next;
    },
  };
}
