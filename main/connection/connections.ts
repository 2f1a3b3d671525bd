import { readFile } from 'node:fs/promises';
import { createPlatformClient, type PlatformClient, type TlsTrust as ClientTlsTrust } from '../platform';
import type { Profile } from '../profiles/profile-schema';
import type { ProfileStore } from '../profiles/profile-store';
import type { Vault } from '../secrets/vault';
import { AppFailure } from '../shared/app-failure';
import { log } from '../shared/log';

export interface ActiveConnection {
  profile: Profile;
  client: PlatformClient;
}

export interface Connections {
  /** The active profile and its client; NotFound with a sentence pointing at Connect when none is chosen. */
  active(): Promise<ActiveConnection>;
  /** The client of one profile (built once, rebuilt when the profile changes). */
  forProfile(profileId: string): Promise<ActiveConnection>;
  /** Drops a profile's client (after an edit, a delete or a new pin). */
  forget(profileId: string): Promise<void>;
  /** The demo profile's token comes from the in-process simulator, not the keychain. */
  setDemoToken(profileId: string, token: string): void;
  /** True when the profile's token is the demo server's, held in memory. */
  hasDemoToken(profileId: string): boolean;
  closeAll(): Promise<void>;
}

/** The client's TLS trust from the profile's: a CA file path becomes the PEM it holds. */
async function clientTrust(profile: Profile): Promise<ClientTlsTrust> {
  const tls = profile.tls;
  if (tls.mode === 'ca') {
    try {
      return { mode: 'ca', caPem: await readFile(tls.caFile, 'utf8') };
    } catch {
      throw new AppFailure('TlsUntrusted', `The CA certificate file "${tls.caFile}" cannot be read. Choose the file again in Connect.`, {
        fieldErrors: { 'tls.caFile': ['This file cannot be read.'] },
      });
    }
  }
  if (tls.mode === 'pin') return { mode: 'pin', sha256: tls.sha256 };
  return { mode: 'system' };
}

/**
 * One platform client per profile, kept for the keep-alive connections and rebuilt when the profile changes. The
 * client reads the token from the vault per request, so a replaced token takes effect at once.
 */
export function createConnections(profiles: ProfileStore, vault: Vault): Connections {
  const clients = new Map<string, { version: string; client: PlatformClient }>();
  const demoTokens = new Map<string, string>();

  async function forProfile(profileId: string): Promise<ActiveConnection> {
    const profile = await profiles.get(profileId);
    if (!profile) throw new AppFailure('NotFound', 'This server profile no longer exists. Choose another one in Connect.');
    const version = JSON.stringify(profile);
    const cached = clients.get(profileId);
    if (cached && cached.version === version) return { profile, client: cached.client };
    if (cached) void cached.client.close();
    const client = createPlatformClient({
      baseUrl: profile.baseUrl,
      tokenStyle: profile.tokenStyle,
      tls: await clientTrust(profile),
      timeoutMs: profile.timeoutMs,
      ...(profile.rpcMethod ? { rpcMethod: profile.rpcMethod } : {}),
      getToken: async () => demoTokens.get(profileId) ?? (await vault.getToken(profileId)),
      onRpcMethodLearned: (method) => {
        log.info('connections', `profile ${profile.name} answers stream tokens with ${method}; remembered`);
        void profiles.update(profileId, { rpcMethod: method }).then(() => {
          // The saved profile changed only in what the client already learned: keep the same client.
          void profiles.get(profileId).then((saved) => {
            const entry = clients.get(profileId);
            if (saved && entry?.client === client) entry.version = JSON.stringify(saved);
          });
        });
      },
    });
    clients.set(profileId, { version, client });
    return { profile, client };
  }

  return {
    async active() {
      const activeId = await profiles.getActiveId();
      if (!activeId) throw new AppFailure('NotFound', 'No server is selected. Open Connect and add or choose a server.');
      return forProfile(activeId);
    },
    forProfile,
    async forget(profileId) {
      const cached = clients.get(profileId);
      clients.delete(profileId);
      if (cached) await cached.client.close();
    },
    setDemoToken(profileId, token) {
      log.redact(token);
      demoTokens.set(profileId, token);
    },
    hasDemoToken(profileId) {
      return demoTokens.has(profileId);
    },
    async closeAll() {
      await Promise.all([...clients.values()].map((entry) => entry.client.close()));
      clients.clear();
    },
  };
}
