import type { aboutChannels } from '../../preload/contract/about';
import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import { buildAppInfo } from './app-info';
import { setLanguage } from '../shared/i18n';
import { createWarmUpService } from './warm-up-service';

/** The About panel (versions, host, the keychain's state), the language main writes in, and the warm-up of its HTTP stack. */
export function createAboutFeature({ hostFacts, vault, dataFolder, connections }: AppServices): Feature<typeof aboutChannels> {
  const warmUp = createWarmUpService(connections);
  return {
    handlers: {
      'app.info': async () => buildAppInfo(hostFacts, await vault.status(), dataFolder.status()),
      'app.setLanguage': ({ language }) => {
        setLanguage(language);
        return null;
      },
      'app.warmUp': () => warmUp.run(),
    },
  };
}
