import type { Profile } from '../../preload/contract/wire/profile';
import type { ProfileStore } from '../profiles/profile-store';
import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';

/** Which saved server a dashboard call is about: the one named, or the active one. */
export interface ProfileChoice {
  /** The profile with this id, or the active one without an id; NotFound in words when there is none. */
  profile(profileId: string | undefined): Promise<Profile>;
}

export function createProfileChoice(profiles: Pick<ProfileStore, 'get' | 'getActiveId'>): ProfileChoice {
  return {
    async profile(profileId) {
      const id = profileId ?? (await profiles.getActiveId());
      if (!id) throw new AppFailure('NotFound', said('dashboard.errors.noProfile'));
      const profile = await profiles.get(id);
      if (!profile) throw new AppFailure('NotFound', said('dashboard.errors.profileGone'));
      return profile;
    },
  };
}
