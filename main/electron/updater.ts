import type { Updater } from '../support/updates';
import { log } from '../shared/log';

/**
 * The desktop app's updater for a feed: electron-updater's autoUpdater (the one for this package format), loaded only
 * when a feed is set, on a generic provider, downloading only when asked, never installing on quit by itself, never
 * going back to an older version. It verifies each download against the feed's sha512 before offering it.
 */
export async function createElectronUpdater(feedUrl: string): Promise<Updater> {
  const { default: updates } = await import('electron-updater');
  const updater = updates.autoUpdater;
  updater.logger = {
    info: (message?: unknown) => log.info('updates', String(message)),
    warn: (message?: unknown) => log.warn('updates', String(message)),
    error: (message?: unknown) => log.error('updates', String(message)),
    debug: (message: string) => log.debug('updates', message),
  };
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  updater.setFeedURL({ provider: 'generic', url: feedUrl });
  return updater;
}
