import type { supportChannels } from '../../preload/contract/support';
import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import { createDiagnosticsService } from './diagnostics-service';
import { createSupportSettingsService } from './support-settings-service';
import { createScheduledUpdates } from './update-schedule';

/** The About screen's support part: the log level, the update feed and updates, and the diagnostics file. */
export function createSupportFeature(services: AppServices): Feature<typeof supportChannels> {
  const scheduled = createScheduledUpdates(services);
  const { updates } = scheduled;
  const settings = createSupportSettingsService(services, () => updates.feedChanged());
  const diagnostics = createDiagnosticsService(services, settings);

  return {
    handlers: {
      'support.settings': () => settings.view(),
      'support.saveSettings': (input) => settings.save(input),
      'support.exportDiagnostics': () => diagnostics.export(),
      'support.updateStatus': () => updates.status(),
      'support.checkForUpdate': () => updates.check(),
      'support.downloadUpdate': () => updates.download(),
      'support.installUpdate': () => {
        updates.install();
        return null;
      },
    },
    dispose: () => scheduled.dispose(),
  };
}
