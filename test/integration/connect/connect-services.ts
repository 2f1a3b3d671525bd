import { connectChannels } from '../../../preload/contract/connect';
import type { InputOf, ParsedInputOf } from '../../../preload/contract';
import type { AppServices } from '../../../main/app/services';
import { createProfileViews } from '../../../main/connect/profile-views';
import { createHealthService, type HealthService } from '../../../main/connect/health-service';
import { createProfileService, type ProfileService } from '../../../main/connect/profile-service';
import { createCertificateService, type CertificateService } from '../../../main/connect/certificate-service';

/** Connect's services built the way connect-feature.ts builds them; `now` is the health cache's clock. */
export function connectServices(services: AppServices, now: () => number = Date.now): { profiles: ProfileService; health: HealthService; certificates: CertificateService } {
  const views = createProfileViews(services);
  const health = createHealthService(services, views, now);
  const profiles = createProfileService(services, views, health);
  return { profiles, health, certificates: createCertificateService(services, views, (id) => profiles.changed(id)) };
}

export const never = new AbortController().signal;

/** A save request as main receives it: what the form sends, read by the contract's schema (defaults filled in). */
export function saveInput(fields: InputOf<'profiles.save'>): ParsedInputOf<'profiles.save'> {
  return connectChannels['profiles.save'].input.parse(fields);
}
