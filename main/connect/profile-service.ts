import type { AppServices } from '../app/services';
import type { ProfilesOverview, ProfileView, VaultStatusView } from '../../preload/contract/connect';
import type { Profile } from '../../preload/contract/wire/profile';
import type { ParsedInputOf } from '../../preload/contract';
import { addressMovesToken } from '../../preload/contract/wire/profile';
import { isLocalHost } from '../profiles/is-local-host';
import { AppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';
import { log } from '../shared/log';
import { createSerialQueue } from '../shared/serial-queue';
import { UNDO_WINDOW_MS } from '../shared/undo-window';
import type { ProfileViews } from './profile-views';
import type { HealthService } from './health-service';

type ProfileInput = ParsedInputOf<'profiles.save'>;

/** A deleted server while its delete can be undone: its token is held here, in memory only. */
interface Undoable {
  profile: Profile;
  wasActive: boolean;
  token: string | null;
  timer: NodeJS.Timeout;
}

/** Server profiles and their API tokens (kept in the keychain, never returned). */
export interface ProfileService {
  overview(): Promise<ProfilesOverview>;
  save(input: ProfileInput): Promise<ProfileView>;
  /** Deletes the server; `undoRemove` brings it back, with its token, until another is deleted or 10 minutes pass. */
  remove(id: string): Promise<null>;
  undoRemove(id: string): Promise<ProfileView>;
  /** The console closes: a delete can no longer be undone, and what features kept for that server goes. */
  dispose(): Promise<void>;
  activate(id: string): Promise<ProfileView>;
  setToken(id: string, token: string): Promise<ProfileView>;
  clearToken(id: string): Promise<ProfileView>;
  /** From the media server on this computer (its localhost-only token endpoint). */
  obtainToken(id: string, request: { client: string; duration: number }, signal: AbortSignal): Promise<ProfileView>;
  useSessionOnly(): Promise<VaultStatusView>;
  /** After a change: the connection and the kept health are about the old settings; the profile as shown now. */
  changed(id: string): Promise<ProfileView>;
}

export function createProfileService(services: Pick<AppServices, 'profiles' | 'vault' | 'connections' | 'dataFolder' | 'fileDialogs'>, views: ProfileViews, health: HealthService): ProfileService {
  const { profiles, vault, connections, dataFolder, fileDialogs } = services;

  /** The server deleted last, while its delete can be undone. */
  let undoable: Undoable | null = null;
  /**
   * Deletes, undos and the end of an undo run one at a time: two deletes at once (a double click, a second window)
   * would otherwise both take the one undo slot and the first server's kept data would never go, and a delete during
   * an undo would forget what the server coming back keeps.
   */
  const undoSteps = createSerialQueue();

  /** The last delete can no longer be undone: what features kept for that server (caches, saved dashboards) goes now. */
  async function endUndo(): Promise<void> {
    if (!undoable) return;
    const { profile, timer } = undoable;
    undoable = null;
    clearTimeout(timer);
    await profiles.forgetRemoved(profile.id);
  }

  /** A new or removed token: the last test was about the old one. */
  const tokenChanged = (id: string): Promise<void> => profiles.recordTest(id, null);

  async function changed(id: string): Promise<ProfileView> {
    await connections.forget(id);
    health.forget();
    return views.view(await views.mustGet(id));
  }

  async function update(id: string, input: Omit<ProfileInput, 'id'>): Promise<ProfileView> {
    const { token, ...fields } = input;
    const previous = await views.mustGet(id);
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

  async function create(input: Omit<ProfileInput, 'id'>): Promise<ProfileView> {
    const { token, ...fields } = input;
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
  }

  return {
    changed,
    async overview() {
      const [list, activeId, status, holders] = await Promise.all([profiles.list(), profiles.getActiveId(), vault.status(), views.tokenHolders()]);
      return {
        profiles: await Promise.all(list.map((profile) => views.view(profile, holders))),
        activeId,
        vault: status,
        storage: dataFolder.status(),
        fileDialog: fileDialogs !== null,
      };
    },
    save: ({ id, ...input }) => (id ? update(id, input) : create(input)),
    remove: (id) => undoSteps.run(async () => {
      await views.mustGet(id);
      const token = await vault.getToken(id).catch(() => null);
      // Deleted first: a delete refused (a full disk) leaves the earlier one's undo offered, its kept data in place.
      const { profile, wasActive } = await profiles.removeUndoable(id);
      await endUndo();
      const held: Undoable = { profile, wasActive, token, timer: setTimeout(() => void undoSteps.run(() => (undoable === held ? endUndo() : Promise.resolve())), UNDO_WINDOW_MS) };
      held.timer.unref();
      undoable = held;
      await connections.forget(id);
      health.forget();
      try {
        await vault.deleteToken(id);
      } catch (error) {
        // The profile is gone either way; a token left behind in a locked keychain is named in the log.
        log.warn('connect', `profile removed, but its keychain entry could not be deleted: ${error instanceof Error ? error.message : String(error)}`);
      }
      return null;
    }),
    undoRemove: (id) => undoSteps.run(async () => {
      const held = undoable;
      if (!held || held.profile.id !== id) throw new AppFailure('Validation', said('errors.connect.nothingToUndo'));
      // Refused (a server of that name was added since) leaves the undo offered, for after a rename.
      await profiles.restore(held.profile, held.wasActive);
      undoable = null;
      clearTimeout(held.timer);
      if (held.token !== null) {
        try {
          await vault.setToken(id, held.token);
        } catch (error) {
          log.warn('connect', `server restored without its token, the keychain refused it: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      const view = await changed(id);
      // Only now: a watch list or the outbox going on at once would use a connection `changed` lets go.
      profiles.tellRestored(id);
      return view;
    }),
    dispose: () => undoSteps.run(endUndo),
    async activate(id) {
      await views.mustGet(id);
      await profiles.setActive(id);
      health.forget();
      return views.view(await views.mustGet(id));
    },
    async setToken(id, token) {
      await views.mustGet(id);
      await vault.setToken(id, token);
      await tokenChanged(id);
      return changed(id);
    },
    async clearToken(id) {
      await views.mustGet(id);
      await vault.deleteToken(id);
      await tokenChanged(id);
      return changed(id);
    },
    async obtainToken(id, { client: clientName, duration }, signal) {
      const profile = await views.mustGet(id);
      if (!isLocalHost(profile.baseUrl)) {
        throw new AppFailure('Validation', said('errors.connect.obtainRemote'), { fieldErrors: { client: [t('errors.connect.obtainRemoteField')] } });
      }
      const { client } = await connections.forProfile(id);
      const { token } = await client.obtainApiToken({ client: clientName, duration }, { signal });
      log.redact(token);
      if (connections.hasDemoToken(id)) connections.setDemoToken(id, token);
      else await vault.setToken(id, token);
      await tokenChanged(id);
      return changed(id);
    },
    async useSessionOnly() {
      vault.useSessionOnly();
      return vault.status();
    },
  };
}
