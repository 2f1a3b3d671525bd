import type { AppServices } from '../app/services';
import type { ProfileView } from '../../preload/contract/connect';
import type { Profile } from '../../preload/contract/wire/profile';
import { isLocalHost } from '../profiles/is-local-host';
import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import { caMissing, describeStoredCa } from '../profiles/ca-certificates';

/** Profiles as the Connect screen shows them: where the token comes from (never the token), local or not, the CA. */
export interface ProfileViews {
  /** Which profiles hold a token. A keychain that cannot be read is not an error here: the list still shows. */
  tokenHolders(): Promise<Set<string>>;
  view(profile: Profile, holders?: Set<string>): Promise<ProfileView>;
  /** The profile, or a NotFound failure that says it is gone. */
  mustGet(id: string): Promise<Profile>;
}

export function createProfileViews({ profiles, vault, connections }: Pick<AppServices, 'profiles' | 'vault' | 'connections'>): ProfileViews {
  async function tokenHolders(): Promise<Set<string>> {
    try {
      return new Set(await vault.listTokenProfiles());
    } catch {
      return new Set();
    }
  }
  return {
    tokenHolders,
    async view(profile, holders) {
      const stored = (holders ?? (await tokenHolders())).has(profile.id);
      return {
        ...profile,
        tokenSource: connections.hasDemoToken(profile.id) ? 'demo' : stored ? (vault.mode === 'session' ? 'session' : 'keychain') : 'none',
        isLocal: isLocalHost(profile.baseUrl),
        ...(profile.tls.mode === 'ca' ? { caCertificates: describeStoredCa(profile.tls.caPem) } : {}),
        // Text that no longer reads is told like a CA to choose again.
        ...(caMissing(profile) ? { caNeeded: true as const } : {}),
      };
    },
    async mustGet(id) {
      const profile = await profiles.get(id);
      if (!profile) throw new AppFailure('NotFound', said('errors.connect.profileGone'));
      return profile;
    },
  };
}
