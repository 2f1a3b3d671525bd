import { z } from 'zod';
import { supportLogLevels } from '../../preload/contract/log-levels';
import { updateFeedSchema } from '../../preload/contract/support';
import type { SettingsRepository } from '../storage/repositories/settings-repository';

/** The key of the support settings in the database's settings: the log level and the update feed, never a secret. */
export const SUPPORT_SETTINGS_KEY = 'support';

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

export function createSupportSettings(repository: SettingsRepository): SupportSettingsStore {
  let cached: SupportSettings | null = null;

  async function read(): Promise<SupportSettings> {
    // A value that no longer fits the schema reads as the defaults (the repository checks it).
    cached ??= repository.get(SUPPORT_SETTINGS_KEY, supportSettingsSchema) ?? {};
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
      // Committed before the screen hears "saved"; a refused write leaves the settings in memory as they were.
      repository.set(SUPPORT_SETTINGS_KEY, next);
      cached = next;
      return next;
    },
  };
}
