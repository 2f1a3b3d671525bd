import { z } from 'zod';
import { createEncryptedJsonStore } from '../secrets/crypto';
import { createSerialQueue } from '../shared/serial-queue';
import { MAX_DRAFTS_PER_TASK, MAX_SENT_PER_TASK, taskDocumentSchema, type SentBody, type TaskDraft } from '../../preload/contract/analytics';

/**
 * What the analytics editor keeps between sessions: named drafts per task, and the bodies sent per task and server
 * (so the operator can put the previous one back; the API has no way to read a task). Encrypted with the vault's
 * data key: a body's stream link often carries the camera's user name and password.
 */

const draftSchema = z.object({ uid: z.string(), name: z.string(), body: taskDocumentSchema, savedAt: z.string() });
const sentSchema = z.object({ uid: z.string(), body: taskDocumentSchema, sentAt: z.string(), profileId: z.string(), profileName: z.string() });
const workFileSchema = z.object({ version: z.literal(1), drafts: z.array(draftSchema), sent: z.array(sentSchema) });

export type StoredSent = z.infer<typeof sentSchema>;
export type WorkFile = z.infer<typeof workFileSchema>;

const emptyFile = (): WorkFile => ({ version: 1, drafts: [], sent: [] });

export interface TaskWorkStore {
  read(): Promise<WorkFile>;
  /** Applies `change` to the current contents and saves the result; changes run one at a time. */
  update(change: (file: WorkFile) => WorkFile): Promise<WorkFile>;
}

export function createTaskWorkStore(path: string, getKey: () => Promise<Buffer>): TaskWorkStore {
  const file = createEncryptedJsonStore(path, workFileSchema, getKey);
  const queue = createSerialQueue();
  return {
    async read() {
      return (await file.read()) ?? emptyFile();
    },
    update(change) {
      return queue.run(async () => {
        // A file that cannot be read throws here, so it is never overwritten as if it were empty.
        const next = change((await file.read()) ?? emptyFile());
        await file.write(next);
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
