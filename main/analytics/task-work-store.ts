import type { Storage } from '../storage/database';
import type { Sealer } from '../storage/sealer';
import { createAnalyticsWorkRepository, type StoredDraft, type StoredSent } from '../storage/repositories/analytics-work-repository';
import { createSerialQueue } from '../shared/serial-queue';
import { MAX_DRAFTS_PER_TASK, MAX_SENT_PER_TASK, type SentBody, type TaskDraft } from '../../preload/contract/analytics';

/**
 * What the analytics editor keeps between sessions: named drafts per task, and the bodies sent per task and server
 * (so the operator can put the previous one back; the API has no way to read a task). Kept in the database, each
 * record sealed with the vault's data key: a body's stream link often carries the camera's user name and password.
 */
export type { StoredSent };
export interface WorkFile {
  drafts: StoredDraft[];
  sent: StoredSent[];
}

const emptyFile = (): WorkFile => ({ drafts: [], sent: [] });

export interface TaskWorkStore {
  read(): Promise<WorkFile>;
  /**
   * Applies `change` to the current contents and saves the result in one transaction before answering; changes run
   * one at a time, and a change that could not be saved changes nothing in memory either.
   */
  update(change: (file: WorkFile) => WorkFile): Promise<WorkFile>;
}

export function createTaskWorkStore(storage: Storage, sealer: () => Promise<Sealer>): TaskWorkStore {
  const repository = createAnalyticsWorkRepository(storage);
  const queue = createSerialQueue();
  let current: WorkFile | null = null;
  const load = async (): Promise<WorkFile> => (current ??= repository.load(await sealer()));
  return {
    read: () => queue.run(load),
    update(change) {
      return queue.run(async () => {
        const before = await load();
        const next = change(before);
        repository.replace(await sealer(), before, next);
        current = next;
        return next;
      });
    },
  };
}

/** Session-only vault: kept in memory until the console closes, never written. */
export function createSessionTaskWorkStore(): TaskWorkStore {
  let contents = emptyFile();
  return {
    async read() {
      return contents;
    },
    async update(change) {
      contents = change(contents);
      return contents;
    },
  };
}

export function withDraft(file: WorkFile, draft: TaskDraft): WorkFile {
  const others = file.drafts.filter((d) => !(d.uid === draft.uid && d.name === draft.name));
  const forTask = others.filter((d) => d.uid === draft.uid);
  // The oldest drafts of the task make room; other tasks' drafts are untouched.
  const dropped = new Set(forTask.sort((a, b) => b.savedAt.localeCompare(a.savedAt)).slice(MAX_DRAFTS_PER_TASK - 1));
  return { ...file, drafts: [draft, ...others.filter((d) => !dropped.has(d))] };
}

export function withoutDraft(file: WorkFile, uid: string, name: string): WorkFile {
  return { ...file, drafts: file.drafts.filter((d) => !(d.uid === uid && d.name === name)) };
}

export function withSent(file: WorkFile, sent: StoredSent): WorkFile {
  const same = (s: StoredSent) => s.uid === sent.uid && s.profileId === sent.profileId;
  const kept = file.sent.filter(same).slice(0, MAX_SENT_PER_TASK - 1);
  return { ...file, sent: [sent, ...kept, ...file.sent.filter((s) => !same(s))] };
}

export function draftsOf(file: WorkFile, uid: string): TaskDraft[] {
  return file.drafts.filter((d) => d.uid === uid).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export function sentOf(file: WorkFile, uid: string, profileId: string): SentBody[] {
  return file.sent
    .filter((s) => s.uid === uid && s.profileId === profileId)
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt))
    .map(({ profileId: _profile, ...sent }) => sent);
}
