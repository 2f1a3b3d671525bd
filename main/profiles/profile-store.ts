import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppFailure } from '../shared/app-failure';
import { log } from '../shared/log';
import { createSerialQueue } from '../shared/serial-queue';
import { fieldErrorsFromZod, fieldSaidFromZod } from '../shared/zod-errors';
import { said, t } from '../shared/i18n';
import type { Storage } from '../storage/database';
import { createProfileRepository, type ProfilesState } from '../storage/repositories/profile-repository';
import { createSettingsRepository } from '../storage/repositories/settings-repository';
import { CaRefused, readCaCertificates } from './ca-certificates';
import { changesConnection, profileInputSchema, profileSchema, type ConnectionTestRecord, type Profile, type ProfileInput } from '../../preload/contract/wire/profile';

/**
 * The profiles deleted with an undo still open, saved: a console killed in that window (power cut, kill -9) never ends
 * the undo, so the next start hands these to the `onRemoved` listeners and what features kept for them goes then.
 */
const OPEN_UNDOS_KEY = 'profiles.openUndos';
const openUndosSchema = z.array(z.string());

export const DEMO_PROFILE_NAME = 'Demo server (built-in simulator)';

export interface ProfileStore {
  list(): Promise<Profile[]>;
  get(id: string): Promise<Profile | null>;
  /** Validates the form's values; throws AppFailure Validation (with field errors) or Conflict (name taken). */
  create(input: ProfileInput): Promise<Profile>;
  /**
   * Applies the given fields over the saved ones (so the token desk may send only `rpcMethod`, the TLS review only
   * `tls`) and validates the result. A profile's kind never changes.
   */
  update(id: string, input: Partial<ProfileInput>): Promise<Profile>;
  /**
   * Keeps (or, with null, drops) the last connection test's outcome. Kept in memory when the folder cannot be
   * written: a test must not fail because its record could not be saved.
   */
  recordTest(id: string, record: ConnectionTestRecord | null): Promise<void>;
  /**
   * Deletes the profile (its token lives in the vault: the caller removes it there). Clears or moves the active id.
   * Resolves once every `onRemoved` listener has finished, so what was kept for the profile is gone by then.
   */
  remove(id: string): Promise<void>;
  /**
   * Deletes the profile but keeps, for an undo, what features hold for it: `forgetRemoved` lets them forget it once the
   * undo is no longer offered, `restore` brings the profile back. Answers the profile and whether it was active.
   */
  removeUndoable(id: string): Promise<{ profile: Profile; wasActive: boolean }>;
  forgetRemoved(id: string): Promise<void>;
  /** Puts a profile `removeUndoable` took out back (active again if it was); refused when its name is taken meanwhile. */
  restore(profile: Profile, active: boolean): Promise<void>;
  /**
   * Calls `listener` after a profile is deleted, so what a feature keeps per profile (saved dashboards, caches)
   * goes with it. A listener that fails is logged and the others still run. Returns the unsubscribe function.
   */
  onRemoved(listener: (id: string) => void | Promise<void>): () => void;
  /** Calls `listener` when a deleted profile is back (`tellRestored`): what stopped for want of it may go on. */
  onRestored(listener: (id: string) => void): () => void;
  /** A profile `restore` brought back is whole again (its token back, its old connection let go): tells `onRestored`. */
  tellRestored(id: string): void;
  getActiveId(): Promise<string | null>;
  setActive(id: string): Promise<void>;
  /**
   * Creates or refreshes the single demo profile, pointing at the simulator started for this run (its port changes
   * every run), and makes it active when it is the only profile.
   */
  ensureDemoProfile(baseUrl: string): Promise<Profile>;
}

/** Server profiles kept in the database (main/storage): no secrets inside, API tokens stay in the keychain. */
export function createProfileStore(storage: Storage): ProfileStore {
  const repository = createProfileRepository(storage);
  let state: ProfilesState | null = null;
  const queue = createSerialQueue();

  const load = (): ProfilesState => (state ??= repository.load());
  const removedListeners = new Set<(id: string) => void | Promise<void>>();
  const restoredListeners = new Set<(id: string) => void>();
  const settings = createSettingsRepository(storage);
  /** Deleted this run, undo still open. */
  const openUndos = new Set<string>();
  /** Deleted in an earlier run whose undo never ended (it was killed): read once, at the first listener. */
  let leftovers: string[] | null = null;

  function leftoverIds(): string[] {
    if (leftovers === null) {
      const saved = settings.get(OPEN_UNDOS_KEY, openUndosSchema) ?? [];
      leftovers = saved.filter((id) => !load().profiles.some((p) => p.id === id));
    }
    return leftovers;
  }

  /**
   * Saves the undos open now. Earlier runs' leftovers drop out with the first such write: by then every feature has
   * subscribed and been handed them. A write that fails only means a forgetting at the next start is missed: told.
   */
  function saveOpenUndos(): void {
    try {
      settings.set(OPEN_UNDOS_KEY, openUndos.size > 0 ? [...openUndos] : undefined);
    } catch (error) {
      log.warn('profiles', `could not note which deleted servers can still be undone: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async function tellRemoved(listener: (id: string) => void | Promise<void>, id: string): Promise<void> {
    try {
      await listener(id);
    } catch (error) {
      // The profile is gone either way; what a feature could not clean up is named in the log.
      log.warn('profiles', `profile removed, but a feature could not forget it: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Mutations run one at a time against the loaded state; each is one committed transaction before it is answered,
   * and a change that could not be saved changes nothing in memory either. A folder that cannot be written answers
   * StorageUnavailable (which folder, why); with `keepInMemory` the change still holds for this session (the demo
   * profile and the last test's outcome: the console must start and test on a read-only folder).
   */
  function mutate<T>(change: (current: ProfilesState) => T, options: { keepInMemory?: boolean } = {}): Promise<T> {
    return queue.run(async () => {
      const current = load();
      const draft: ProfilesState = { activeId: current.activeId, profiles: [...current.profiles] };
      const result = change(draft);
      try {
        repository.replace(draft);
      } catch (error) {
        if (!options.keepInMemory || !(error instanceof AppFailure && error.kind === 'StorageUnavailable')) throw error;
        log.warn('profiles', `kept in memory only: ${error.appError.details ?? error.message}`);
      }
      state = draft;
      return result;
    });
  }

  async function settled(): Promise<ProfilesState> {
    await queue.idle();
    return load();
  }

  function find(current: ProfilesState, id: string): Profile {
    const profile = current.profiles.find((p) => p.id === id);
    if (!profile) throw new AppFailure('NotFound', said('errors.connect.profileGone'));
    return profile;
  }

  function checkNameFree(current: ProfilesState, name: string, exceptId?: string): void {
    const taken = current.profiles.some((p) => p.id !== exceptId && p.name.toLowerCase() === name.toLowerCase());
    if (taken) {
      throw new AppFailure('Conflict', said('errors.profiles.nameTaken', { name }), {
        fieldErrors: { name: [t('errors.profiles.nameTakenField')] },
      });
    }
  }

  const store: ProfileStore = {
    async list() {
      return (await settled()).profiles.map(clone);
    },

    async get(id) {
      const profile = (await settled()).profiles.find((p) => p.id === id);
      return profile ? clone(profile) : null;
    },

    create(input) {
      return mutate((current) => {
        const fields = parseInput(input);
        if (fields.kind === 'demo') {
          throw new AppFailure('Validation', said('errors.profiles.demoManaged'), {
            fieldErrors: { kind: [t('errors.profiles.demoKindField')] },
          });
        }
        checkNameFree(current, fields.name);
        const now = new Date().toISOString();
        const profile = profileSchema.parse({ ...fields, id: randomUUID(), createdAt: now, updatedAt: now });
        current.profiles.push(profile);
        if (current.activeId === null) current.activeId = profile.id;
        return clone(profile);
      });
    },

    update(id, input) {
      return mutate((current) => {
        const existing = find(current, id);
        const { id: _id, createdAt: _c, updatedAt: _u, ...existingFields } = existing;
        const fields = parseInput({ ...existingFields, ...input, kind: existing.kind });
        checkNameFree(current, fields.name, id);
        const keepTest = existing.lastTest && !changesConnection(existing, fields);
        // A CA still to be chosen again stays so until the trust itself is saved (the form always sends it).
        const caNeeded = existing.caNeeded === true && input.tls === undefined;
        const profile = profileSchema.parse({
          ...fields,
          id,
          createdAt: existing.createdAt,
          updatedAt: new Date().toISOString(),
          ...(keepTest ? { lastTest: existing.lastTest } : {}),
          ...(caNeeded ? { caNeeded: true } : {}),
        });
        current.profiles = current.profiles.map((p) => (p.id === id ? profile : p));
        return clone(profile);
      });
    },

    recordTest(id, record) {
      return mutate(
        (current) => {
          const { lastTest: _previous, ...rest } = find(current, id);
          const profile: Profile = record ? { ...rest, lastTest: record } : rest;
          current.profiles = current.profiles.map((p) => (p.id === id ? profile : p));
        },
        { keepInMemory: true },
      );
    },

    async remove(id) {
      await store.removeUndoable(id);
      await store.forgetRemoved(id);
    },

    async removeUndoable(id) {
      const removed = await mutate((current) => {
        const profile = find(current, id);
        const wasActive = current.activeId === id;
        current.profiles = current.profiles.filter((p) => p.id !== id);
        if (wasActive) current.activeId = current.profiles[0]?.id ?? null;
        return { profile, wasActive };
      });
      openUndos.add(id);
      saveOpenUndos();
      return removed;
    },

    async restore(profile, active) {
      await mutate((current) => {
        if (current.profiles.some((p) => p.id === profile.id)) throw new AppFailure('Conflict', said('errors.connect.nothingToUndo'));
        checkNameFree(current, profile.name);
        current.profiles = [...current.profiles, profile];
        if (active || current.activeId === null) current.activeId = profile.id;
      });
      openUndos.delete(profile.id);
      saveOpenUndos();
    },

    tellRestored(id) {
      for (const listener of restoredListeners) listener(id);
    },

    async forgetRemoved(id) {
      await Promise.all([...removedListeners].map((listener) => tellRemoved(listener, id)));
      openUndos.delete(id);
      saveOpenUndos();
    },

    onRemoved(listener) {
      removedListeners.add(listener);
      // After the subscribing feature has finished being made (the listener may use what it makes next).
      for (const id of leftoverIds()) void Promise.resolve().then(() => tellRemoved(listener, id));
      return () => {
        removedListeners.delete(listener);
      };
    },

    onRestored(listener) {
      restoredListeners.add(listener);
      return () => {
        restoredListeners.delete(listener);
      };
    },

    async getActiveId() {
      const current = await settled();
      return current.profiles.some((p) => p.id === current.activeId) ? current.activeId : null;
    },

    setActive(id) {
      return mutate((current) => {
        find(current, id);
        current.activeId = id;
      });
    },

    ensureDemoProfile(baseUrl) {
      return mutate((current) => {
        const now = new Date().toISOString();
        const existing = current.profiles.find((p) => p.kind === 'demo');
        let demo: Profile;
        if (existing) {
          const fields = parseInput({ ...existing, baseUrl, name: DEMO_PROFILE_NAME, kind: 'demo' });
          const changed = fields.baseUrl !== existing.baseUrl || existing.name !== DEMO_PROFILE_NAME;
          // The demo server's port changes every run: a test of the last run's says nothing about this one.
          const { lastTest, ...kept } = existing;
          demo = profileSchema.parse({ ...kept, ...fields, updatedAt: changed ? now : existing.updatedAt, ...(changed ? {} : { lastTest }) });
          current.profiles = current.profiles.map((p) => (p.id === demo.id ? demo : p));
        } else {
          const fields = parseInput({ name: DEMO_PROFILE_NAME, baseUrl, kind: 'demo' });
          demo = profileSchema.parse({ ...fields, id: randomUUID(), createdAt: now, updatedAt: now });
          current.profiles.push(demo);
        }
        if (current.profiles.every((p) => p.kind === 'demo')) current.activeId = demo.id;
        return clone(demo);
      }, { keepInMemory: true });
    },
  };
  return store;
}

function parseInput(input: unknown) {
  const parsed = profileInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppFailure('Validation', said('errors.profiles.needAttention'), {
      fieldErrors: fieldErrorsFromZod(parsed.error),
      fieldSaid: fieldSaidFromZod(parsed.error),
    });
  }
  // The contract checked the PEM's shape; only main can parse the certificates in it.
  // Only the authorities of the text are kept (a server's certificate pasted with them vouches for nothing).
  if (parsed.data.tls.mode === 'ca') {
    try {
      parsed.data.tls.caPem = readCaCertificates(parsed.data.tls.caPem).caPem;
    } catch (error) {
      if (!(error instanceof CaRefused)) throw error;
      throw new AppFailure('Validation', said('errors.profiles.needAttention'), { fieldErrors: { 'tls.caPem': [error.sentence] } });
    }
  }
  return parsed.data;
}

function clone(profile: Profile): Profile {
  return structuredClone(profile);
}
