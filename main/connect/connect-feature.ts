import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import type { ConnectionHealth, ProfileView, connectChannels } from '../../preload/contract/connect';
import type { Profile } from '../../preload/contract/wire/profile';
import type { CertificateInfo, ConnectionReport } from '../../preload/contract/wire/platform';
import { isLocalHost } from '../profiles/is-local-host';
import { addressMovesToken } from '../../preload/contract/wire/profile';
import { inspectCertificate, normalizeFingerprint } from '../platform';
import { AppFailure } from '../shared/app-failure';
import { cancelled, failureFromTransportError } from '../platform/errors';
import { t } from '../shared/i18n';
import { log } from '../shared/log';
import { CaRefused, caMissing, describeStoredCa, readCaCertificates, readCaFile } from '../profiles/ca-certificates';

const healthCacheMs = 30_000;

/** The Connect screen's services: profiles, their tokens (never returned), certificate trust and health. */
export function createConnectFeature({ profiles, vault, connections, dataFolder, fileDialogs }: AppServices): Feature<typeof connectChannels> {
  let health: (ConnectionHealth & { at: number }) | null = null;

  /** Which profiles hold a token. A keychain that cannot be read is not an error here: the list still shows. */
  async function tokenHolders(): Promise<Set<string>> {
    try {
      return new Set(await vault.listTokenProfiles());
    } catch {
      return new Set();
    }
  }

  async function view(profile: Profile, holders?: Set<string>): Promise<ProfileView> {
    const stored = (holders ?? (await tokenHolders())).has(profile.id);
    const mode = vault.mode;
    return {
      ...profile,
      tokenSource: connections.hasDemoToken(profile.id) ? 'demo' : stored ? (mode === 'session' ? 'session' : 'keychain') : 'none',
      isLocal: isLocalHost(profile.baseUrl),
      ...(profile.tls.mode === 'ca' ? { caCertificates: describeStoredCa(profile.tls.caPem) } : {}),
      // Text that no longer reads is told like a CA to choose again.
      ...(caMissing(profile) ? { caNeeded: true as const } : {}),
    };
  }

  /**
   * A finished test tells the header's badge and is kept with the profile for its card (time, outcome, the step that
   * broke). A cancelled test says nothing about the server.
   */
  async function afterTest(id: string, report: ConnectionReport): Promise<void> {
    if (!report.ok && (!report.error || report.error.kind === 'Cancelled')) return;
    connections.observe(id, report.ok ? null : (report.error ?? null));
    const failedStep = report.steps.find((step) => step.ok === false)?.name ?? null;
    try {
      await profiles.recordTest(id, { at: new Date().toISOString(), outcome: report.outcome, failedStep, kind: report.error?.kind ?? null });
    } catch (error) {
      // Removed meanwhile: nothing to show it on.
      log.info('connect', `test result not kept: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A new or removed token: the last test was about the old one. */
  async function tokenChanged(id: string): Promise<void> {
    await profiles.recordTest(id, null);
  }

  /**
   * The certificate the server presents now. A plain http address has none (said next to the address); a failed
   * handshake gets the platform client's sentence for it, with the raw TLS text only in the support details.
   */
  async function readCertificate(profile: Profile, signal: AbortSignal): Promise<CertificateInfo> {
    if (!profile.baseUrl.startsWith('https:')) {
      throw new AppFailure('Validation', t('errors.connect.plainHttp'), { fieldErrors: { baseUrl: [t('errors.connect.plainHttpField')] } });
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

  async function mustGet(id: string): Promise<Profile> {
    const profile = await profiles.get(id);
    if (!profile) throw new AppFailure('NotFound', t('errors.connect.profileGone'));
    return profile;
  }

  async function changed(id: string): Promise<ProfileView> {
    await connections.forget(id);
    health = null;
    return view(await mustGet(id));
  }

  return {
    handlers: {
      async 'profiles.list'() {
        const [list, activeId, status, holders] = await Promise.all([profiles.list(), profiles.getActiveId(), vault.status(), tokenHolders()]);
        return {
          profiles: await Promise.all(list.map((profile) => view(profile, holders))),
          activeId,
          vault: status,
          storage: dataFolder.status(),
          fileDialog: fileDialogs !== null,
        };
      },

      async 'profiles.save'(input) {
        const { id, token, ...fields } = input;
        if (id) {
          const previous = await mustGet(id);
          // Token first: if the keychain refuses it, nothing has changed and the form can simply be sent again.
          if (token !== undefined) {
            await vault.setToken(id, token);
            await tokenChanged(id);
          }
          const saved = await profiles.update(id, fields);
          // A token is bound to the origin it was saved for: a new scheme, host or port without a new token clears it,
          // so it is never sent to an address it was not given for. If the keychain refuses, the address goes back.
          if (token === undefined && addressMovesToken(previous.baseUrl, saved.baseUrl) && !connections.hasDemoToken(id)) {
            await connections.forget(id);
            try {
              await vault.deleteToken(id);
            } catch (error) {
              await profiles.update(id, { baseUrl: previous.baseUrl });
              throw error;
            }
            log.info('connect', `profile ${previous.name}: address moved to another origin, its API token was cleared`);
          }
          return changed(id);
        }
        const created = await profiles.create(fields);
        if (token !== undefined) {
          try {
            await vault.setToken(created.id, token);
          } catch (error) {
            // A new profile without the token the user typed would be half a save: take it back.
            await profiles.remove(created.id);
            throw error;
          }
        }
        // profiles.create has already made it the active profile if it is the first.
        return changed(created.id);
      },

      async 'profiles.remove'({ id }) {
        await mustGet(id);
        await profiles.remove(id);
        await connections.forget(id);
        health = null;
        try {
          await vault.deleteToken(id);
        } catch (error) {
          // The profile is gone either way; a token left behind in a locked keychain is named in the log.
          log.warn('connect', `profile removed, but its keychain entry could not be deleted: ${error instanceof Error ? error.message : String(error)}`);
        }
        return null;
      },

      async 'profiles.activate'({ id }) {
        await mustGet(id);
        await profiles.setActive(id);
        health = null;
        return view(await mustGet(id));
      },

      async 'profiles.setToken'({ id, token }) {
        await mustGet(id);
        await vault.setToken(id, token);
        await tokenChanged(id);
        return changed(id);
      },

      async 'profiles.clearToken'({ id }) {
        await mustGet(id);
        await vault.deleteToken(id);
        await tokenChanged(id);
        return changed(id);
      },

      async 'profiles.test'({ id }, { signal }) {
        const { client } = await connections.forProfile(id);
        const report = await client.testConnection({ signal });
        await afterTest(id, report);
        if ((await profiles.getActiveId()) === id) health = { profile: await view(await mustGet(id)), report, checkedAt: new Date().toISOString(), at: Date.now() };
        return report;
      },

      async 'profiles.inspectCertificate'({ id }, { signal }) {
        return readCertificate(await mustGet(id), signal);
      },

      async 'profiles.pinCertificate'({ id, sha256 }, { signal }) {
        const profile = await mustGet(id);
        const current = await readCertificate(profile, signal);
        if (normalizeFingerprint(current.sha256) !== normalizeFingerprint(sha256)) {
          throw new AppFailure('TlsPinMismatch', t('errors.connect.certificateChanged'), {
            data: { certificate: current },
          });
        }
        await profiles.update(id, { tls: { mode: 'pin', sha256: current.sha256, subject: current.subject, validTo: current.validTo } });
        log.info('connect', `pinned certificate ${current.sha256} for profile ${profile.name}`);
        return changed(id);
      },

      async 'profiles.describeCa'({ caPem }) {
        try {
          return readCaCertificates(caPem).certificates;
        } catch (error) {
          if (error instanceof CaRefused) throw error.failure('caPem');
          throw error;
        }
      },

      async 'profiles.chooseCaFile'() {
        if (!fileDialogs) throw new AppFailure('Unavailable', t('errors.connect.fileDialogUnavailable'), { retryable: false });
        const file = await fileDialogs.chooseCertificateFile();
        if (file === null) return null;
        try {
          if (!file.ok) throw new CaRefused(t(file.reason === 'unreadable' ? 'errors.connect.caFileUnreadable' : 'errors.connect.caFileNotCertificate'));
          const chosen = readCaFile(file.bytes);
          if (chosen === null) throw new CaRefused(t('errors.connect.caFileNotCertificate'));
          return chosen;
        } catch (error) {
          if (error instanceof CaRefused) throw error.failure('caPem');
          throw error;
        }
      },

      async 'profiles.obtainToken'({ id, client: clientName, duration }, { signal }) {
        const profile = await mustGet(id);
        if (!isLocalHost(profile.baseUrl)) {
          throw new AppFailure('Validation', t('errors.connect.obtainRemote'), {
            fieldErrors: { client: [t('errors.connect.obtainRemoteField')] },
          });
        }
        const { client } = await connections.forProfile(id);
        const { token } = await client.obtainApiToken({ client: clientName, duration }, { signal });
        log.redact(token);
        if (connections.hasDemoToken(id)) connections.setDemoToken(id, token);
        else await vault.setToken(id, token);
        await tokenChanged(id);
        return changed(id);
      },

      async 'vault.useSessionOnly'() {
        vault.useSessionOnly();
        return vault.status();
      },

      async 'connection.check'(input, { signal }) {
        const activeId = await profiles.getActiveId();
        if (!activeId) return { profile: null, report: null, checkedAt: null };
        if (!input?.force && health && health.profile?.id === activeId && Date.now() - health.at < healthCacheMs) {
          const { at: _at, ...rest } = health;
          return rest;
        }
        const profile = await view(await mustGet(activeId));
        const { client } = await connections.forProfile(activeId);
        const report = await client.testConnection({ signal });
        await afterTest(activeId, report);
        health = { profile, report, checkedAt: new Date().toISOString(), at: Date.now() };
        const { at: _at, ...rest } = health;
        return rest;
      },
    },
  };
}
