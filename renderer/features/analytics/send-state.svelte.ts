import type { Bridge } from '../../../preload/contract';
import type { AppError } from '../../../preload/contract/app-error';
import type { MessageKey, MessageValues } from '../../../preload/contract/messages';
import { FormState } from '../../lib/form.svelte';
import { t } from '../../lib/i18n.svelte';
import { diffBodies, type BodyChange } from './body-diff';
import type { TaskEditor } from './editor-state.svelte';
import { readFields } from './task-document';
import { formFields, isFormField, reviewProblems, type FormField } from './task-form';
import type { TaskWorkState } from './work-state.svelte';

/**
 * Sending the body (operation 7 replaces the task): the review before it (what would change, a case type that
 * differs), the send itself with its cancel, and what the answer says, on the fields it concerns where it can.
 */
export class TaskSendState {
  readonly form = new FormState<FormField>(formFields);
  /** The confirmation is open: the body passed the review. */
  confirmOpen = $state(false);
  changes = $state.raw<BodyChange[]>([]);
  /** Said in the confirmation when the case type differs from the body this edit started from. */
  caseTypeWarning = $state<string | null>(null);
  success = $state<string | null>(null);
  keepWarning = $state<string | null>(null);
  /** Field errors of the last answer for members the form does not show (e.g. `Regions.0.Name`). */
  otherErrors = $state<Array<[string, string]>>([]);
  /** The update being sent, so the operator can cancel it (a slow site link). */
  #inFlight = $state<AbortController | null>(null);

  constructor(
    private readonly api: Bridge,
    private readonly editor: TaskEditor,
    private readonly work: TaskWorkState,
  ) {}

  get sending(): boolean {
    return this.#inFlight !== null;
  }

  /** Checks the body here first; when it passes, the confirmation opens with the changes against the baseline. */
  async review(): Promise<boolean> {
    this.success = null;
    this.keepWarning = null;
    this.otherErrors = [];
    const editor = this.editor;
    const checked = reviewProblems({
      uid: editor.uid,
      issues: editor.issues,
      unparsed: editor.unparsed,
      caseType: editor.fields.caseType,
      baseline: { caseType: readFields(editor.baseline.doc).caseType, source: editor.baseline.source },
    });
    const local: Partial<Record<FormField, string>> = {};
    for (const [field, problem] of Object.entries(checked.errors) as Array<[FormField, { key: MessageKey; values?: MessageValues }]>) local[field] = t(problem.key, problem.values);
    if (!(await this.form.check(local))) return false;
    this.caseTypeWarning = checked.caseTypeWarning ? t(checked.caseTypeWarning.key, checked.caseTypeWarning.values) : null;
    this.changes = diffBodies(editor.baseline.doc, editor.doc);
    this.confirmOpen = true;
    return true;
  }

  /** Replaces the task with the body; true when the server took it (`success` then says so). */
  async send(): Promise<boolean> {
    const uid = this.editor.uid.trim();
    const body = this.editor.doc;
    this.form.busy = true;
    this.form.failure = null;
    const controller = new AbortController();
    this.#inFlight = controller;
    const result = await this.api.analytics.update({ uid, body }, { signal: controller.signal });
    this.#inFlight = null;
    this.form.busy = false;
    if (!result.ok) {
      await this.#showFailure(result.error);
      return false;
    }
    this.form.reset();
    this.editor.markSent(result.value.sentAt);
    this.work.take(result.value.work);
    this.keepWarning = result.value.keepWarning;
    this.success = t('analytics.result.success', { uid });
    return true;
  }

  cancel(): void {
    this.#inFlight?.abort();
  }

  /** Another body was put in the editor: what was said about the last one no longer applies. */
  clear(): void {
    this.form.reset();
    this.success = null;
  }

  async #showFailure(error: AppError): Promise<void> {
    if (error.kind === 'Cancelled') return;
    this.otherErrors = Object.entries(error.fieldErrors)
      .filter(([path]) => !isFormField(path))
      .map(([path, messages]) => [path, messages[0] ?? ''] as [string, string]);
    await this.form.fail(error);
    // Errors only on members the form does not show: the banner says what happened, the list below says where.
    if (this.form.failure === null && Object.keys(this.form.errors).length === 0) this.form.failure = error;
  }
}
