import type { DiagnosticsExport } from '../../preload/contract/support';
import type { AppServices } from '../app/services';
import { buildAppInfo } from './app-info';
import { currentLanguage } from '../shared/i18n';
import { log } from '../shared/log';
import { buildDiagnostics } from '../support/diagnostics';
import type { SupportSettingsService } from './support-settings-service';

/** The diagnostics file for support: built from the log, crash records and health, saved through a dialog or downloaded. */
export function createDiagnosticsService(services: AppServices, settings: SupportSettingsService) {
  const { support, hostFacts, fileDialogs } = services;
  return {
    async export(): Promise<DiagnosticsExport> {
      // The lines written a moment ago belong in the file.
      log.flush();
      const { fileName, text } = await buildDiagnostics({
        dataDir: services.dataDir,
        logFolder: support.logFolder,
        appInfo: async () => buildAppInfo(hostFacts, await services.vault.status(), services.dataFolder.status()),
        settings: settings.view,
        language: currentLanguage,
        profiles: () => services.profiles.list(),
        activeProfileId: () => services.profiles.getActiveId(),
        storageHealth: support.storageHealth,
      });
      log.info('support', `diagnostics exported (${text.length} characters)`);
      if (!fileDialogs) return { kind: 'download', fileName, text };
      return (await fileDialogs.saveTextFile(fileName, text)) ? { kind: 'saved' } : { kind: 'cancelled' };
    },
  };
}
