import type { aboutChannels } from '../../preload/contract/about';
import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import { buildAppInfo } from './app-info';
import { setLanguage } from '../shared/i18n';

/** The About panel: versions, host and the keychain's state. */
export function createAboutFeature({ hostFacts, vault, dataFolder }: AppServices): Feature<typeof aboutChannels> {
  return {
    handlers: {
      'app.info': async () => buildAppInfo(hostFacts, await vault.status(), dataFolder.status()),
      'app.setLanguage': ({ language }) => {
        setLanguage(language);
        return null;
      },
    },
  };
}
