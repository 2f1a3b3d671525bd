import type { Bridge } from '../../../preload/contract';
import type { AppError, Result } from '../../../preload/contract/app-error';
import type { TaskDocument, TaskDraft, TaskWork } from '../../../preload/contract/analytics';
import { t } from '../../lib/i18n.svelte';
import { UndoOffer } from '../../lib/undo-offer.svelte';

/**
 * Drafts and sent bodies of the task being edited. Loads follow the identifier as it is typed; an answer for an
 * identifier that is no longer current is dropped (request counter), so a slow answer never shows another task's drafts.
 */
export class TaskWorkState {
  work = $state<TaskWork | null>(null);
  error = $state<AppError | null>(null);
  busy = $state(false);
  #request = 0;
  /** The draft deleted last, while it can be brought back (the page keeps it: undo saves it again as it was). */
  readonly undo: UndoOffer;
  #deleted: TaskDraft | null = null;

  constructor(private readonly api: Bridge) {
    this.undo = new UndoOffer(() => this.#restore());
  }

  async load(uid: string): Promise<void> {
    const request = ++this.#request;
    if (uid.trim() === '') {
      this.work = null;
      this.error = null;
      return;
    }
    const result = await this.api.analytics.work({ uid });
    if (request !== this.#request) return;
    this.work = result.ok ? result.value : null;
    this.error = result.ok ? null : result.error;
  }

  /** Takes the answer of an update (it carries the task's drafts and sent bodies as they now are). */
  take(work: TaskWork): void {
    this.#request += 1;
    this.work = work;
    this.error = null;
  }

  async saveDraft(uid: string, name: string, body: TaskDocument): Promise<boolean> {
    return this.#change(() => this.api.analytics.saveDraft({ uid, name, body }));
  }

  async deleteDraft(uid: string, name: string): Promise<boolean> {
    const draft = this.work?.drafts.find((d) => d.uid === uid && d.name === name) ?? null;
    const deleted = await this.#change(() => this.api.analytics.deleteDraft({ uid, name }));
    if (deleted && draft) {
      this.#deleted = draft;
      this.undo.offer(() => t('analytics.drafts.deleted', { name }), name);
    }
    return deleted;
  }

  /** Saves the deleted draft again under its name, with its body; the task's drafts show it when it is the one open. */
  async #restore(): Promise<Result<TaskWork>> {
    const draft = this.#deleted!;
    const result = await this.api.analytics.saveDraft({ uid: draft.uid, name: draft.name, body: draft.body });
    if (!result.ok) return result;
    this.#deleted = null;
    if (this.work?.uid === draft.uid) this.take(result.value);
    return result;
  }

  async #change(call: () => Promise<{ ok: true; value: TaskWork } | { ok: false; error: AppError }>): Promise<boolean> {
    this.busy = true;
    const request = ++this.#request;
    try {
      const result = await call();
      if (request !== this.#request) return result.ok;
      if (result.ok) this.take(result.value);
      else this.error = result.error;
      return result.ok;
    } finally {
      this.busy = false;
    }
  }
}
