import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import type { connectChannels } from '../../preload/contract/connect';
import { createProfileViews } from './profile-views';
import { createHealthService } from './health-service';
import { createProfileService } from './profile-service';
import { createCertificateService } from './certificate-service';

/**
 * The Connect screen (see preload/contract/connect.ts): profiles and their tokens, never returned (profile-service),
 * connection tests and the header's health (health-service), certificate trust (certificate-service).
 */
export function createConnectFeature(services: AppServices): Feature<typeof connectChannels> {
  const views = createProfileViews(services);
  const health = createHealthService(services, views);
  const profiles = createProfileService(services, views, health);
  const certificates = createCertificateService(services, views, (id) => profiles.changed(id));

  return {
    handlers: {
      'profiles.list': () => profiles.overview(),
      'profiles.save': (input) => profiles.save(input),
      'profiles.remove': ({ id }) => profiles.remove(id),
      'profiles.restore': ({ id }) => profiles.undoRemove(id),
      'profiles.activate': ({ id }) => profiles.activate(id),
      'profiles.setToken': ({ id, token }) => profiles.setToken(id, token),
      'profiles.clearToken': ({ id }) => profiles.clearToken(id),
      'profiles.obtainToken': ({ id, ...request }, { signal }) => profiles.obtainToken(id, request, signal),
      'vault.useSessionOnly': () => profiles.useSessionOnly(),
      'profiles.test': ({ id }, { signal }) => health.test(id, signal),
      'connection.check': (input, { signal }) => health.check(input?.force ?? false, signal),
      'profiles.inspectCertificate': ({ id }, { signal }) => certificates.inspect(id, signal),
      'profiles.pinCertificate': ({ id, sha256 }, { signal }) => certificates.pin(id, sha256, signal),
      'profiles.describeCa': async ({ caPem }) => certificates.describeCa(caPem),
      'profiles.chooseCaFile': () => certificates.chooseCaFile(),
    },
    dispose: () => profiles.dispose(),
  };
}
