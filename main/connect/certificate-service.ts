import type { AppServices } from '../app/services';
import type { ProfileView } from '../../preload/contract/connect';
import type { Profile } from '../../preload/contract/wire/profile';
import type { CertificateInfo } from '../../preload/contract/wire/platform';
import type { CaCertificateSummary, ChosenCaFile } from '../../preload/contract/wire/ca-certificate';
import { inspectCertificate, normalizeFingerprint } from '../platform';
import { AppFailure } from '../shared/app-failure';
import { cancelled, failureFromTransportError } from '../platform/errors';
import { said, t } from '../shared/i18n';
import { log } from '../shared/log';
import { CaRefused, readCaCertificates, readCaFile } from '../profiles/ca-certificates';
import type { ProfileViews } from './profile-views';

/** Certificate trust: the certificate a server presents, pinning it, and the CA certificates a profile trusts. */
export interface CertificateService {
  inspect(id: string, signal: AbortSignal): Promise<CertificateInfo>;
  /** Trust on first use: pins the certificate the operator reviewed, if the server still presents it. */
  pin(id: string, sha256: string, signal: AbortSignal): Promise<ProfileView>;
  describeCa(caPem: string): CaCertificateSummary[];
  /** The desktop app's file dialog, opened in main: the chosen file's certificates as text, or null when closed. */
  chooseCaFile(): Promise<ChosenCaFile | null>;
}

/** A refusal of the CA text or file, told on the form's CA field. */
function onCaField<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof CaRefused) throw error.failure('caPem');
    throw error;
  }
}

export function createCertificateService(
  { profiles, fileDialogs }: Pick<AppServices, 'profiles' | 'fileDialogs'>,
  views: ProfileViews,
  changed: (id: string) => Promise<ProfileView>,
): CertificateService {
  /**
   * The certificate the server presents now. A plain http address has none (said next to the address); a failed
   * handshake gets the platform client's sentence for it, with the raw TLS text only in the support details.
   */
  async function readCertificate(profile: Profile, signal: AbortSignal): Promise<CertificateInfo> {
    if (!profile.baseUrl.startsWith('https:')) {
      throw new AppFailure('Validation', said('errors.connect.plainHttp'), { fieldErrors: { baseUrl: [t('errors.connect.plainHttpField')] } });
    }
    try {
      return await inspectCertificate(profile.baseUrl, { timeoutMs: profile.timeoutMs, signal });
    } catch (error) {
      const url = new URL(profile.baseUrl);
      const ctx = { method: 'GET', path: '(certificate)', host: url.port ? url.host : `${url.host}:443` };
      if (signal.aborted) throw cancelled(ctx);
      throw failureFromTransportError(ctx, error, 'request', profile.timeoutMs);
    }
  }

  return {
    inspect: async (id, signal) => readCertificate(await views.mustGet(id), signal),
    async pin(id, sha256, signal) {
      const profile = await views.mustGet(id);
      const current = await readCertificate(profile, signal);
      if (normalizeFingerprint(current.sha256) !== normalizeFingerprint(sha256)) {
        throw new AppFailure('TlsPinMismatch', said('errors.connect.certificateChanged'), { data: { certificate: current } });
      }
      await profiles.update(id, { tls: { mode: 'pin', sha256: current.sha256, subject: current.subject, validTo: current.validTo } });
      log.info('connect', `pinned certificate ${current.sha256} for profile ${profile.name}`);
      return changed(id);
    },
    describeCa: (caPem) => onCaField(() => readCaCertificates(caPem).certificates),
    async chooseCaFile() {
      if (!fileDialogs) throw new AppFailure('Unavailable', said('errors.connect.fileDialogUnavailable'), { retryable: false });
      const file = await fileDialogs.chooseCertificateFile();
      if (file === null) return null;
      return onCaField(() => {
        if (!file.ok) throw new CaRefused(t(file.reason === 'unreadable' ? 'errors.connect.caFileUnreadable' : 'errors.connect.caFileNotCertificate'));
        const chosen = readCaFile(file.bytes);
        if (chosen === null) throw new CaRefused(t('errors.connect.caFileNotCertificate'));
        return chosen;
      });
    },
  };
}
