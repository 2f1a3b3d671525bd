import { randomUUID } from 'node:crypto';
import { copyFile, rename } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { AppFailure } from '../shared/app-failure';
import { readFileIfExists, writeFileAtomic } from '../shared/atomic-file';
import { log } from '../shared/log';
import { createSerialQueue } from '../shared/serial-queue';
import { fieldErrorsFromZod } from '../shared/zod-errors';
import { t } from '../shared/i18n';
import { storageFailure } from '../shared/storage-errors';
import type { DataFolder } from '../storage/data-folder';
import { CaRefused, readCaCertificates } from './ca-certificates';
import { migrateCaFile } from './ca-file-migration';
import { changesConnection, profileInputSchema, profileSchema, type ConnectionTestRecord, type Profile, type ProfileInput } from '../../preload/contract/wire/profile';

export const PROFILES_FILE = 'profiles.json';
export const DEMO_PROFILE_NAME = 'Demo server (built-in simulator)';

/** profiles.json: the profiles and which one is in use. Never holds a secret. */
const profilesFileSchema = z.object({
  version: z.literal(1),
  activeId: z.string().nullable(),
  profiles: z.array(z.unknown()),
});
type ProfilesState = { activeId: string | null; profiles: Profile[] };

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
   * Calls `listener` after a profile is deleted, so what a feature keeps per profile (saved dashboards, caches)
   * goes with it. A listener that fails is logged and the others still run. Returns the unsubscribe function.
   */
  onRemoved(listener: (id: string) => void | Promise<void>): () => void;
  getActiveId(): Promise<string | null>;
  setActive(id: string): Promise<void>;
  /**
   * Creates or refreshes the single demo profile, pointing at the simulator started for this run (its port changes
   * every run), and makes it active when it is the only profile.
   */
  ensureDemoProfile(baseUrl: string): Promise<Profile>;
}

/** Where the store tells what it set aside and which writes failed; the app passes its DataFolder. */
type FolderReports = Pick<DataFolder, 'notice' | 'writeFailed'>;
const silentFolder: FolderReports = { notice: (sentence) => log.warn('profiles', sentence), writeFailed: () => undefined };

/** Server profiles persisted atomically as `profiles.json` in `dataDir`. */
export function createProfileStore(dataDir: string, folder: FolderReports = silentFolder): ProfileStore {
  const path = join(dataDir, PROFILES_FILE);
  let state: Promise<ProfilesState> | null = null;
  const queue = createSerialQueue();

  const load = (): Promise<ProfilesState> => (state ??= readState(path, folder));
  const removedListeners = new Set<(id: string) => void | Promise<void>>();

  /**
   * Mutations run one at a time against the loaded state and are saved before the next starts. A folder that cannot
   * be written answers StorageUnavailable (which folder, why); with `keepInMemory` the change still holds for this
   * session (the demo profile: the console must start on a read-only folder).
   */
  function mutate<T>(change: (current: ProfilesState) => T, options: { keepInMemory?: boolean } = {}): Promise<T> {
    return queue.run(async () => {
      const current = await load();
      const draft: ProfilesState = { activeId: current.activeId, profiles: [...current.profiles] };
      const result = change(draft);
      try {
        await writeFileAtomic(path, JSON.stringify({ version: 1, ...draft }, null, 2) + '\n', { mode: 0o600 });
      } catch (error) {
        const failure = storageFailure(error, dataDir);
        if (!failure) throw error;
        folder.writeFailed(error);
        if (!options.keepInMemory) throw failure;
        log.warn('profiles', `kept in memory only: ${failure.appError.details ?? failure.message}`);
      }
      state = Promise.resolve(draft);
      return result;
    });
  }

  async function settled(): Promise<ProfilesState> {
    await queue.idle();
    return load();
  }

  function find(current: ProfilesState, id: string): Profile {
    const profile = current.profiles.find((p) => p.id === id);
    if (!profile) throw new AppFailure('NotFound', t('errors.connect.profileGone'));
    return profile;
  }

  function checkNameFree(current: ProfilesState, name: string, exceptId?: string): void {
    const taken = current.profiles.some((p) => p.id !== exceptId && p.name.toLowerCase() === name.toLowerCase());
    if (taken) {
      throw new AppFailure('Conflict', t('errors.profiles.nameTaken', { name }), {
        fieldErrors: { name: [t('errors.profiles.nameTakenField')] },
      });
    }
  }

  return {
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
          throw new AppFailure('Validation', t('errors.profiles.demoManaged'), {
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
      await mutate((current) => {
        find(current, id);
        current.profiles = current.profiles.filter((p) => p.id !== id);
        if (current.activeId === id) current.activeId = current.profiles[0]?.id ?? null;
      });
      await Promise.all(
        [...removedListeners].map(async (listener) => {
          try {
            await listener(id);
          } catch (error) {
            // The profile is gone either way; what a feature could not clean up is named in the log.
            log.warn('profiles', `profile removed, but a feature could not forget it: ${error instanceof Error ? error.message : String(error)}`);
          }
        }),
      );
    },

    onRemoved(listener) {
      removedListeners.add(listener);
      return () => {
        removedListeners.delete(listener);
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
}

function parseInput(input: unknown) {
  const parsed = profileInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppFailure('Validation', t('errors.profiles.needAttention'), {
      fieldErrors: fieldErrorsFromZod(parsed.error),
    });
  }
  // The contract checked the PEM's shape; only main can parse the certificates in it.
  if (parsed.data.tls.mode === 'ca') {
    try {
      readCaCertificates(parsed.data.tls.caPem);
    } catch (error) {
      if (!(error instanceof CaRefused)) throw error;
      throw new AppFailure('Validation', t('errors.profiles.needAttention'), { fieldErrors: { 'tls.caPem': [error.sentence] } });
    }
  }
  return parsed.data;
}

function clone(profile: Profile): Profile {
  return structuredClone(profile);
}

/**
 * Loads profiles.json. A file that is not JSON or not our shape is copied aside as `profiles.json.corrupt-<ts>` and
 * the app starts with no profiles; single profiles that no longer validate are dropped the same way (after a backup
 * of the whole file), so one bad entry does not cost the others.
 */
async function readState(path: string, folder: FolderReports): Promise<ProfilesState> {
  const raw = await readFileIfExists(path);
  if (raw === null) return { activeId: null, profiles: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    log.warn('profiles', `not JSON: ${error instanceof Error ? error.message : String(error)}`);
    await setAside(path, 'move', t('storage.why.notJson'), folder);
    return { activeId: null, profiles: [] };
  }
  const file = profilesFileSchema.safeParse(json);
  if (!file.success) {
    await setAside(path, 'move', t('storage.why.notProfiles'), folder);
    return { activeId: null, profiles: [] };
  }
  const profiles: Profile[] = [];
  let dropped = 0;
  let migrated = 0;
  for (const stored of file.data.profiles) {
    const { entry, migration } = await migrateCaFile(stored);
    const profile = profileSchema.safeParse(entry);
    if (profile.success) profiles.push(profile.data);
    else dropped += 1;
    if (migration !== 'none' && profile.success) {
      migrated += 1;
      log.info('profiles', migration === 'taken-over' ? `profile ${profile.data.name}: its CA certificate is kept as text now` : `profile ${profile.data.name}: its CA certificate has to be chosen again`);
    }
  }
  const activeId = profiles.some((p) => p.id === file.data.activeId) ? file.data.activeId : null;
  if (dropped > 0) await setAside(path, 'copy', t('storage.why.dropped', { count: dropped }), folder);
  if (dropped > 0 || migrated > 0) {
    // Save the readable rest now, so the next start does not find (and back up) the same damage again, and no CA
    // file path is ever read again.
    try {
      await writeFileAtomic(path, JSON.stringify({ version: 1, activeId, profiles }, null, 2) + '\n', { mode: 0o600 });
    } catch (error) {
      if (!storageFailure(error, path)) throw error;
      folder.writeFailed(error);
    }
  }
  return { activeId, profiles };
}

/**
 * Keeps a damaged profiles.json as `profiles.json.corrupt-<ts>` for support (moved when nothing in it is usable;
 * both keep the original's permissions, 0600) and tells the screen.
 */
async function setAside(path: string, how: 'move' | 'copy', why: string, folder: FolderReports): Promise<void> {
  const backup = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  try {
    if (how === 'move') await rename(path, backup);
    else await copyFile(path, backup);
    folder.notice(t('storage.profilesSetAside', { why, file: basename(backup) }));
    log.warn('profiles', `${path} is damaged (${why}); kept a copy at ${backup}.`);
  } catch (error) {
    folder.notice(t('storage.profilesSetAsideFailed', { why }));
    log.warn('profiles', `${path} is damaged (${why}) and the backup copy failed (${error instanceof Error ? error.message : String(error)}).`);
  }
}
