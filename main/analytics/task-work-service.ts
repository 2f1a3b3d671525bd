import type { AppServices } from '../app/services';
import type { TaskDocument, TaskWork } from '../../preload/contract/analytics';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import {
  createSessionTaskWorkStore,
  createTaskWorkStore,
  draftsOf,
  sentOf,
  withDraft,
  withoutDraft,
  withSent,
  type StoredSent,
  type TaskWorkStore,
  type WorkFile,
} from './task-work-store';

export interface TaskWorkService {
  /** The drafts of a task, and the bodies sent for it to the active server. */
  read(uid: string): Promise<TaskWork>;
  saveDraft(uid: string, name: string, body: TaskDocument): Promise<TaskWork>;
  deleteDraft(uid: string, name: string): Promise<TaskWork>;
  /** Keeps a body the server took, for the operator to put back; throws when it could not be kept. */
  keepSent(sent: StoredSent): Promise<TaskWork>;
  /** What a task's work is when nothing could be read (the send went through, keeping it did not). */
  nothingKept(uid: string): TaskWork;
}

/**
 * What the analytics editor keeps around a task: named drafts, and bodies sent per server. Kept in the database
 * (sealed), or in memory only while the vault runs session-only.
 */
export function createTaskWorkService({ storage, sealer, vault, profiles }: Pick<AppServices, 'storage' | 'sealer' | 'vault' | 'profiles'>): TaskWorkService {
  const saved = createTaskWorkStore(storage, sealer);
  const session = createSessionTaskWorkStore();
  const storeNow = (): TaskWorkStore => (vault.mode === 'session' ? session : saved);

  async function workOf(file: WorkFile, uid: string): Promise<TaskWork> {
    const activeId = await profiles.getActiveId();
    return { uid, drafts: draftsOf(file, uid), sent: activeId ? sentOf(file, uid, activeId) : [], sessionOnly: vault.mode === 'session' };
  }

  /** A store that cannot be read or written says so; a disk that cannot take the change says it in its own words. */
  function unreadable(error: unknown): unknown {
    if (!isAppFailure(error) || error.kind === 'StorageUnavailable') return error;
    return new AppFailure(error.appError, { message: said('analytics.errors.storeUnreadable', { reason: error.appError.said ?? error.appError.message }) });
  }

  async function change(uid: string, edit: (file: WorkFile) => WorkFile): Promise<TaskWork> {
    try {
      return await workOf(await storeNow().update(edit), uid);
    } catch (error) {
      throw unreadable(error);
    }
  }

  return {
    async read(uid) {
      try {
        return await workOf(await storeNow().read(), uid);
      } catch (error) {
        throw unreadable(error);
      }
    },
    saveDraft: (uid, name, body) => change(uid, (file) => withDraft(file, { uid, name, body, savedAt: new Date().toISOString() })),
    deleteDraft: (uid, name) => change(uid, (file) => withoutDraft(file, uid, name)),
    async keepSent(sent) {
      return workOf(await storeNow().update((file) => withSent(file, sent)), sent.uid);
    },
    nothingKept: (uid) => ({ uid, drafts: [], sent: [], sessionOnly: vault.mode === 'session' }),
  };
}
