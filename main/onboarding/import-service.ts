import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CameraCreateRequest, ImportStatus } from '../../preload/contract/onboarding';
import type { Connections } from '../app/connections';
import type { Outbox } from '../outbox/outbox';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';
import { log } from '../shared/log';
import type { CameraOutbox } from './camera-outbox';
import { checkImport, type ExistingRows } from './import-check';

/** What the outbox does not keep about an import: rows cancelled, rows not queued, and what the screen was told. */
interface Followed {
  cancelled: number;
  skipped: number;
  rev: number;
  /** The counts last told (as text), so an outbox change that did not touch this import pushes nothing. */
  told: string;
  /** The last told said done: later outbox changes are not looked at for it (an undo of its cancel opens it again). */
  done: boolean;
}

/**
 * Bulk imports through the outbox: the rows checked again and queued, each import's counts, its cancel (and the undo
 * of that), and its progress pushed to the page on every outbox change that moved it, until a push says it is done.
 */
export function createImportService(outbox: CameraOutbox, connections: Pick<Connections, 'active'>, push: (status: ImportStatus) => void) {
  const followed = new Map<string, Followed>();

  function counted(box: Outbox, importId: string): Omit<ImportStatus, 'rev'> {
    const counts = box.repository.importCounts(importId);
    const extras = followed.get(importId);
    const queued = Object.values(counts).reduce((a, b) => a + b, 0);
    if (queued === 0 && !extras) throw new AppFailure('NotFound', said('onboarding.errors.importNotFound'));
    const waiting = counts.queued + counts.sending + counts.retrying;
    const cancelled = extras?.cancelled ?? 0;
    return { importId, total: queued + cancelled, created: counts.created, needsFixing: counts['needs-fixing'], held: counts.held, waiting, cancelled, skipped: extras?.skipped ?? 0, done: waiting === 0 };
  }

  /** The counts now, with a new revision when they changed since last told (then `changed` is true). */
  function told(box: Outbox, importId: string): { status: ImportStatus; changed: boolean } {
    const now = counted(box, importId);
    const info = followed.get(importId);
    if (!info) return { status: { ...now, rev: 0 }, changed: false };
    const text = JSON.stringify(now);
    const changed = text !== info.told;
    if (changed) {
      info.rev += 1;
      info.told = text;
      info.done = now.done;
    }
    return { status: { ...now, rev: info.rev }, changed };
  }

  /** A walk of the followed imports is under way; `again` asks it for one more walk once it is through. */
  const walk = { running: false, again: false };

  /**
   * Pushes every followed import whose counts moved; one that is done and told so is no longer looked at. Each import
   * is counted in a turn of its own: a count reads every row of its import, and an outbox with several large imports
   * waiting (a site whose server is out of reach) held the event loop for all of them at once. A change during a walk
   * asks for one more walk after it, so the last change is always told.
   */
  async function pushChanges(box: Outbox): Promise<void> {
    if (walk.running) {
      walk.again = true;
      return;
    }
    walk.running = true;
    try {
      do {
        walk.again = false;
        for (const [importId, info] of [...followed]) {
          if (info.done) continue;
          const { status, changed } = told(box, importId);
          if (changed) push(status);
          await nextTurn();
        }
      } while (walk.again);
    } finally {
      walk.running = false;
    }
  }

  const stopFollowing = outbox.onChange(() => {
    // A closed app (the database gone mid-walk) or an outbox that cannot open has nothing to push.
    void outbox.get().then(pushChanges).catch((error: unknown) => log.debug('onboarding', `import progress not pushed: ${String(error)}`));
  });

  /**
   * An import that failed part-way (a full disk) has its first slices queued, committed, and already being sent: the
   * failure says how many, and the import is followed (its progress, its cancel, and `running` after a reload) as one
   * that started. Without any queued the failure is as it was.
   */
  function partlyQueued(box: Outbox, importId: string, total: number, skipped: number, error: unknown): unknown {
    if (!isAppFailure(error)) return error;
    let queued: number;
    try {
      queued = Object.values(box.repository.importCounts(importId)).reduce((a, b) => a + b, 0);
    } catch {
      return error;
    }
    if (queued === 0) return error;
    followed.set(importId, { cancelled: 0, skipped, rev: 0, told: '', done: false });
    return new AppFailure(error.appError, { message: `${error.message} ${t('onboarding.import.partlyQueued', { queued, total })}` });
  }

  /** After a change made here (cancel, undo): pushed at once, and the caller's answer carries the same revision. */
  function changedHere(box: Outbox, importId: string): ImportStatus {
    const { status, changed } = told(box, importId);
    if (changed) push(status);
    return status;
  }

  return {
    async start(requests: CameraCreateRequest[], existing: ExistingRows): Promise<ImportStatus> {
      const box = await outbox.get();
      const { profile } = await connections.active();
      const { clean, skipped } = await checkImport(box.repository, requests, profile, existing);
      const importId = randomUUID();
      let refused: number[];
      try {
        ({ refused } = await box.queue(clean, { profileId: profile.id, profileName: profile.name, importId }, { skipKnown: existing === 'create-again' ? 'pending' : true }));
      } catch (error) {
        throw partlyQueued(box, importId, clean.length, skipped, error);
      }
      // Rows another import queued meanwhile, and a row the file holds twice, are told as skipped, never sent twice.
      followed.set(importId, { cancelled: 0, skipped: skipped + refused.length, rev: 0, told: '', done: false });
      return told(box, importId).status;
    },

    async status(importId: string): Promise<ImportStatus> {
      return told(await outbox.get(), importId).status;
    },

    /** The newest import not done yet (a page reloaded while it runs finds its progress and its cancel again). */
    async running(): Promise<ImportStatus | null> {
      const box = await outbox.get();
      for (const [importId, info] of [...followed].reverse()) {
        if (info.done) continue;
        const { status } = told(box, importId);
        if (!status.done) return status;
      }
      return null;
    },

    /** Takes the import's entries that certainly have not reached the server out; one that may have created its camera finishes. */
    async cancel(importId: string): Promise<ImportStatus> {
      const box = await outbox.get();
      counted(box, importId);
      const unsent = box.repository.unsentOfImport(importId);
      const mark = unsent.length > 0 ? await box.discard(unsent) : null;
      const info = followed.get(importId) ?? { cancelled: 0, skipped: 0, rev: 0, told: '', done: false };
      followed.set(importId, { ...info, cancelled: info.cancelled + unsent.length });
      return { ...changedHere(box, importId), ...(mark ? { undo: `import:${importId}:${mark}` } : {}) };
    },

    /** Brings back the cameras a cancel took out (`mark` from its undo); they count as waiting again, not as cancelled. */
    async undoCancel(importId: string, mark: string): Promise<number> {
      const box = await outbox.get();
      const restored = await box.undo('discard', mark);
      const info = followed.get(importId);
      if (info) info.cancelled = Math.max(0, info.cancelled - restored);
      changedHere(box, importId);
      return restored;
    },

    dispose: () => stopFollowing(),
  };
}

export type ImportService = ReturnType<typeof createImportService>;
