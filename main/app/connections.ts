import { createPlatformClient, type PlatformClient, type TlsTrust as ClientTlsTrust } from '../platform';
import type { Profile } from '../../preload/contract/wire/profile';
import type { ProfileStore } from '../profiles/profile-store';
import { caMissing } from '../profiles/ca-certificates';
import type { Vault } from '../secrets/vault';
import { AppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';
import { log } from '../shared/log';
import type { AppError } from '../../preload/contract/app-error';
import type { ConnectionWatch } from './connection-watch';

export interface ActiveConnection {
  profile: Profile;
  client: PlatformClient;
}

export interface Connections {
  /** The active profile and its client; NotFound with a sentence pointing at Connect when none is chosen. */
  active(): Promise<ActiveConnection>;
  /** The client of one profile (built once; rebuilt when its address, token style, TLS trust or timeout change). */
  forProfile(profileId: string): Promise<ActiveConnection>;
  /** Drops a profile's client (after an edit, a delete or a new pin). */
  forget(profileId: string): Promise<void>;
  /** The demo profile's token comes from the in-process simulator, not the keychain. */
  setDemoToken(profileId: string, token: string): void;
  /** True when the profile's token is the demo server's, held in memory. */
  hasDemoToken(profileId: string): boolean;
  /** A connection test's outcome for a profile (calls report theirs on their own): null = the server was reached. */
  observe(profileId: string, failure: AppError | null): void;
  closeAll(): Promise<void>;
}

/**
 * The client's TLS trust from the profile's. A profile whose CA has to be chosen again (it kept a file path once)
 * connects to nothing until it is: trusting less than the administrator chose would only fail later, less clearly.
 */
function clientTrust(profile: Profile): ClientTlsTrust {
  const tls = profile.tls;
  // A stored CA that no longer reads would make OpenSSL stop at its first bad block and fail with a vaguer reason.
  if (caMissing(profile)) {
    throw new AppFailure('TlsUntrusted', said('errors.connect.caNeeded', { name: profile.name }), {
      fieldErrors: { 'tls.caPem': [t('errors.connect.caNeededField')] },
      action: 'open-connect',
    });
  }
  if (tls.mode === 'ca') return { mode: 'ca', caPem: tls.caPem };
  if (tls.mode === 'pin') return { mode: 'pin', sha256: tls.sha256 };
  return { mode: 'system' };
}

/** The profile fields a client is built from. Others (the name, the learned JSON-RPC method) keep the same client. */
function clientKey(profile: Profile): string {
  return JSON.stringify([profile.baseUrl, profile.tokenStyle, profile.tls, profile.timeoutMs, profile.caNeeded ?? false]);
}

interface CachedClient {
  key: string;
  /** Pending while the client is built: concurrent callers share it rather than each building one. */
  client: Promise<PlatformClient>;
}

function closeCached(entry: CachedClient): Promise<void> {
  return entry.client.then(
    (client) => client.close(),
    () => undefined,
  );
}

/**
 * One platform client per profile, kept for the keep-alive connections and rebuilt when the fields it is built from
 * change. The client reads the token from the vault per request, so a replaced token takes effect at once.
 */
export function createConnections(profiles: ProfileStore, vault: Vault, watch?: ConnectionWatch): Connections {
  const clients = new Map<string, CachedClient>();
  const demoTokens = new Map<string, string>();

  async function buildClient(profile: Profile): Promise<PlatformClient> {
    const profileId = profile.id;
    return createPlatformClient({
      baseUrl: profile.baseUrl,
      tokenStyle: profile.tokenStyle,
      tls: clientTrust(profile),
      timeoutMs: profile.timeoutMs,
      ...(profile.rpcMethod ? { rpcMethod: profile.rpcMethod } : {}),
      // Not an async wrapper: asked once per request, and a batch sends thousands.
      getToken: () => {
        const demo = demoTokens.get(profileId);
        return demo !== undefined ? Promise.resolve(demo) : vault.getToken(profileId);
      },
      onReachability: (failure) => {
        // A refused token: the next request reads the keychain again, so a wall re-authenticates by itself once the
        // token there is good again.
        if (failure?.kind === 'Unauthorized') vault.rereadToken(profileId);
        watch?.observe(profileId, failure?.appError ?? null);
      },
      onRpcMethodLearned: (method) => {
        log.info('connections', `profile ${profile.name} answers stream tokens with ${method}; remembered`);
        profiles.update(profileId, { rpcMethod: method }).catch((error: unknown) => {
          // The client keeps using the method either way; only the next start has to learn it again.
          log.warn('connections', `could not remember ${method} for profile ${profile.name}: ${error instanceof Error ? error.message : String(error)}`);
        });
      },
    });
  }

  async function forProfile(profileId: string): Promise<ActiveConnection> {
    const profile = await profiles.get(profileId);
    if (!profile) throw new AppFailure('NotFound', said('errors.connect.profileGoneChoose'));
    const key = clientKey(profile);
    let entry = clients.get(profileId);
    if (entry?.key !== key) {
      if (entry) void closeCached(entry);
      const fresh: CachedClient = { key, client: buildClient(profile) };
      clients.set(profileId, fresh);
      // A client that could not be built (a CA still to be chosen again) is not kept: the next call tries again.
      fresh.client.catch(() => {
        if (clients.get(profileId) === fresh) clients.delete(profileId);
      });
      entry = fresh;
    }
    return { profile, client: await entry.client };
  }

  return {
    async active() {
      const activeId = await profiles.getActiveId();
      if (!activeId) throw new AppFailure('NotFound', said('errors.connect.noneSelected'));
      return forProfile(activeId);
    },
    forProfile,
    async forget(profileId) {
      const cached = clients.get(profileId);
      clients.delete(profileId);
      watch?.forget(profileId);
      if (cached) await closeCached(cached);
    },
    observe(profileId, failure) {
      watch?.observe(profileId, failure);
    },
    setDemoToken(profileId, token) {
      log.redact(token);
      demoTokens.set(profileId, token);
    },
    hasDemoToken(profileId) {
      return demoTokens.has(profileId);
    },
    async closeAll() {
      const all = [...clients.values()];
      clients.clear();
      await Promise.all(all.map(closeCached));
    },
  };
}
