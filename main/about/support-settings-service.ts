import type { SupportSettingsView } from '../../preload/contract/support';
import type { AppServices } from '../app/services';
import type { SupportLogLevel } from '../../preload/contract/log-levels';
import { log } from '../shared/log';
import { storageFailure } from '../shared/storage-errors';
import { LOG_LEVEL_ENV, parseLogLevel } from '../shared/log-level';
import { builtInFeed, feedInForce } from '../support/update-feed';

export interface SupportSettingsService {
  /** The settings as the About screen shows them, with where each value comes from. */
  view(): Promise<SupportSettingsView>;
  /** Saves the log level and the update feed (an empty feed: none), applies the level, and answers the new view. */
  save(input: { logLevel: SupportLogLevel; updateFeedUrl: string }): Promise<SupportSettingsView>;
  /** The update feed in force (the saved one, else the build's). */
  feed(): Promise<string | null>;
}

/** The support settings kept in the database: the log level and the update feed. `onFeedChanged` runs after a save changed the feed. */
export function createSupportSettingsService(services: AppServices, onFeedChanged: () => Promise<void>): SupportSettingsService {
  const { support, fileDialogs } = services;
  const feed = () => feedInForce(support.settings);

  async function view(): Promise<SupportSettingsView> {
    const saved = await support.settings.read();
    return {
      logLevel: saved.logLevel ?? 'info',
      logLevelFromEnvironment: parseLogLevel(process.env[LOG_LEVEL_ENV]),
      updateFeedUrl: await feed(),
      feedFromBuild: saved.updateFeedUrl === undefined && builtInFeed() !== null,
      logFolder: support.logFolder,
      updatesSupported: support.updaterFactory !== null,
      savesThroughDialog: fileDialogs !== null,
    };
  }

  return {
    view,
    feed,
    async save({ logLevel, updateFeedUrl }) {
      const before = await feed();
      try {
        await support.settings.update({ logLevel, updateFeedUrl: updateFeedUrl === '' ? null : updateFeedUrl });
      } catch (error) {
        // Nothing changed (the level included): the disk's reason, in words.
        throw storageFailure(error, services.dataDir) ?? error;
      }
      log.setLevel(logLevel);
      log.info('support', `support settings saved: log level ${logLevel}, update feed ${updateFeedUrl === '' ? 'none' : 'set'}`);
      if ((await feed()) !== before) await onFeedChanged();
      return view();
    },
  };
}
