import type { supportChannels, SupportSettingsView } from '../../preload/contract/support';
import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import pkg from '../../package.json' with { type: 'json' };
import { buildAppInfo } from './app-info';
import { currentLanguage } from '../shared/i18n';
import { log } from '../shared/log';
import { storageFailure } from '../shared/storage-errors';
import { buildDiagnostics } from '../support/diagnostics';
import { LOG_LEVEL_ENV, parseLogLevel } from '../shared/log-level';
import { createUpdateService } from '../support/updates';
import { builtInFeed, feedInForce } from '../support/update-feed';

/** The first check a while after start (the console's own start comes first), then every few hours while it runs. */
const FIRST_CHECK_MS = 20_000;
const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

/** The About screen's support part: the log level, the update feed and updates, and the diagnostics file. */
export function createSupportFeature(services: AppServices): Feature<typeof supportChannels> {
  const { support, events, hostFacts, fileDialogs } = services;
  const feed = () => feedInForce(support.settings);
  const updates = createUpdateService({
    currentVersion: pkg.version,
    feedUrl: feed,
    factory: support.updaterFactory,
    onStatus: (status) => events.emit('support.update', status),
  });
  void updates.feedChanged().catch((error: unknown) => log.warn('updates', `the update feed could not be read: ${String(error)}`, error));

  // Only where updates can be installed; `check` itself makes no request while no feed is set.
  const timers: NodeJS.Timeout[] = [];
  if (support.updaterFactory) {
    const check = () => void updates.check().catch((error: unknown) => log.warn('updates', `the scheduled check failed: ${String(error)}`));
    timers.push(setTimeout(check, FIRST_CHECK_MS), setInterval(check, CHECK_EVERY_MS));
    for (const timer of timers) timer.unref();
  }

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
    handlers: {
      'support.settings': view,
      'support.saveSettings': async ({ logLevel, updateFeedUrl }) => {
        const before = await feed();
        try {
          await support.settings.update({ logLevel, updateFeedUrl: updateFeedUrl === '' ? null : updateFeedUrl });
        } catch (error) {
          throw storageFailure(error, services.dataDir) ?? error;
        }
        log.setLevel(logLevel);
        log.info('support', `support settings saved: log level ${logLevel}, update feed ${updateFeedUrl === '' ? 'none' : 'set'}`);
        if ((await feed()) !== before) await updates.feedChanged();
        return view();
      },
      'support.exportDiagnostics': async () => {
        log.flush();
        const { fileName, text } = await buildDiagnostics({
          dataDir: services.dataDir,
          logFolder: support.logFolder,
          appInfo: async () => buildAppInfo(hostFacts, await services.vault.status(), services.dataFolder.status()),
          settings: view,
          language: currentLanguage,
          profiles: () => services.profiles.list(),
          activeProfileId: () => services.profiles.getActiveId(),
          storageHealth: support.storageHealth,
        });
        log.info('support', `diagnostics exported (${text.length} characters)`);
        if (!fileDialogs) return { kind: 'download', fileName, text };
        return (await fileDialogs.saveTextFile(fileName, text)) ? { kind: 'saved' } : { kind: 'cancelled' };
      },
      'support.updateStatus': () => updates.status(),
      'support.checkForUpdate': () => updates.check(),
      'support.downloadUpdate': () => updates.download(),
      'support.installUpdate': () => {
        updates.install();
        return null;
      },
    },
    dispose() {
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
