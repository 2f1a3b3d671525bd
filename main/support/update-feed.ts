import { updateFeedSchema } from '../../preload/contract/support';
import type { SupportSettingsStore } from './support-settings';

/**
 * A feed given when the app was built (`VITE_WATCHDESK_UPDATE_FEED=https://… npm run build`), for a fleet whose
 * installers should look for updates from the first start; null when none was given (or it is not an address).
 */
export function builtInFeed(): string | null {
  // Vite replaces this at build time; run from source (tests, tsx) there is no import.meta.env at all.
  const value: unknown = import.meta.env?.VITE_WATCHDESK_UPDATE_FEED;
  const parsed = updateFeedSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The feed in force: the saved setting, else the built-in one, else none (updates off, no request ever). */
export async function feedInForce(settings: SupportSettingsStore): Promise<string | null> {
  return (await settings.read()).updateFeedUrl ?? builtInFeed();
}
