import { tick } from 'svelte';
import {
  byDraftField,
  emptyDraft,
  fromRequest,
  stepOf,
  toRequest,
  WIZARD_STEPS,
  type CameraDraft,
  type WizardStep,
} from '../../../preload/contract/camera/camera-draft';
import type { Problem } from '../../../preload/contract/camera/problem';
import type { AppError } from '../../../preload/contract/app-error';
import type { Bridge } from '../../../preload/contract';
import type { CameraTemplate, OutboxEntry, SubmitResult, Suggestions } from '../../../preload/contract/onboarding';
import { t } from '../../lib/i18n.svelte';

const newId = () => globalThis.crypto.randomUUID();

/**
 * The camera wizard: the draft as typed, the step shown, the rules checked as the installer types (shown for a
 * field once it was left or its step was tried), and a server 422 put back onto the fields it names with their steps
 * marked. A draft reopened from the outbox keeps its entry, so the fix replaces it instead of adding a second camera.
 */
export class WizardState {
  draft = $state<CameraDraft>(emptyDraft(newId()));
  step = $state<WizardStep>('identity');
  /** The outbox entry being fixed or changed, if any. */
  entryId = $state<string | null>(null);
  /** Server messages by draft field; a field's message goes once the installer edits it. */
  serverErrors = $state<Record<string, string[]>>({});
  touched = $state<Record<string, true>>({});
  tried = $state<Partial<Record<WizardStep, true>>>({});
  busy = $state(false);
  /** Saved, and waiting for the server's first answer ("Create now"): the installer may stop waiting. */
  waiting = $state(false);
  /** The installer stopped waiting: the result says the camera stays in the outbox. */
  stoppedWaiting = $state(false);
  failure = $state<AppError | null>(null);
  result = $state<SubmitResult | null>(null);
  /** Tree elements, folders and services offered in the placement step (from created cameras and templates). */
  suggestions = $state.raw<Suggestions>({ groups: [], folders: [], services: [], demoPlacements: [] });
  #form: HTMLElement | null = null;
  #wait: AbortController | null = null;

  constructor(private readonly api: Bridge) {}

  readonly checked = $derived(toRequest(this.draft));
  readonly problems = $derived(byDraftField(this.checked.problems, this.checked.request) as Record<string, Problem[]>);

  attach = (form: HTMLElement) => {
    this.#form = form;
    return () => {
      if (this.#form === form) this.#form = null;
    };
  };

  /** Reads the suggestions again (on opening, and when a camera created meanwhile may add a placement). */
  async loadSuggestions(): Promise<void> {
    const answer = await this.api.onboarding.suggestions();
    if (answer.ok) this.suggestions = answer.value;
  }

  /** The message to show under a field, or undefined. */
  error(field: string): string | undefined {
    const server = this.serverErrors[field]?.[0];
    if (server) return server;
    const problem = this.problems[field]?.[0];
    if (!problem) return undefined;
    if (!this.touched[field] && !this.tried[stepOf(field)]) return undefined;
    return t(problem.key, problem.values);
  }

  /** Steps with something to fix (marked in the step list). */
  get stepsWithErrors(): Set<WizardStep> {
    const steps = new Set<WizardStep>();
    for (const field of Object.keys(this.serverErrors)) steps.add(stepOf(field));
    for (const field of Object.keys(this.problems)) if (this.touched[field] || this.tried[stepOf(field)]) steps.add(stepOf(field));
    return steps;
  }

  stepHasProblems(step: WizardStep): boolean {
    return Object.keys(this.problems).some((field) => stepOf(field) === step) || Object.keys(this.serverErrors).some((field) => stepOf(field) === step);
  }

  touch(field: string): void {
    if (field) this.touched[field] = true;
  }

  /** The installer changed a field: the server's message about it no longer applies. */
  edited(field: string): void {
    if (field && this.serverErrors[field]) {
      const { [field]: _gone, ...rest } = this.serverErrors;
      this.serverErrors = rest;
    }
  }

  async goTo(step: WizardStep): Promise<void> {
    this.step = step;
    await tick();
    this.#form?.querySelector<HTMLElement>('[data-step-title]')?.focus();
  }

  /** Next step, unless this one has problems: then they show and the focus goes to the first. */
  async next(): Promise<void> {
    this.tried[this.step] = true;
    if (this.stepHasProblems(this.step)) {
      await this.focusFirstInvalid();
      return;
    }
    const index = WIZARD_STEPS.indexOf(this.step);
    await this.goTo(WIZARD_STEPS[Math.min(index + 1, WIZARD_STEPS.length - 1)]!);
  }

  async back(): Promise<void> {
    const index = WIZARD_STEPS.indexOf(this.step);
    await this.goTo(WIZARD_STEPS[Math.max(index - 1, 0)]!);
  }

  async focusFirstInvalid(): Promise<void> {
    await tick();
    this.#form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  /** Sends ("now") or saves ("outbox"); a refusal comes back onto the fields, and the first marked step opens. */
  async submit(send: 'now' | 'outbox'): Promise<void> {
    for (const step of WIZARD_STEPS) this.tried[step] = true;
    const firstBad = WIZARD_STEPS.find((step) => this.stepHasProblems(step));
    if (firstBad) {
      await this.goTo(firstBad);
      await this.focusFirstInvalid();
      return;
    }
    if (this.busy) return;
    this.busy = true;
    this.failure = null;
    const request = this.checked.request;
    // Saved first in both cases (one quick write), so that "Create now" can be cancelled while it waits without
    // leaving the installer unsure whether the camera exists: once saved, it is in the outbox either way.
    const saved = await this.api.onboarding.submit({ request, send: 'outbox', ...(this.entryId ? { entryId: this.entryId } : {}) });
    if (!saved.ok) {
      this.busy = false;
      if (Object.keys(saved.error.fieldErrors).length > 0) await this.showServerErrors(saved.error.fieldErrors, request);
      else this.failure = saved.error;
      return;
    }
    const answer = send === 'now' ? await this.#awaitAnswer(saved.value.entry.id) : saved;
    this.busy = false;
    if (!answer.ok || answer.value.outcome === 'needs-fixing') {
      // The camera is saved: a second press changes this entry, never adds another camera.
      this.entryId = saved.value.entry.id;
    }
    if (!answer.ok) {
      if (answer.error.kind === 'Cancelled') {
        this.stoppedWaiting = true;
        this.result = saved.value;
      } else {
        this.failure = answer.error;
      }
      return;
    }
    if (answer.value.outcome === 'needs-fixing') {
      await this.showServerErrors(answer.value.entry.fieldErrors, request);
      return;
    }
    this.result = answer.value;
  }

  async #awaitAnswer(id: string): ReturnType<Bridge['onboarding']['awaitAnswer']> {
    const wait = new AbortController();
    this.#wait = wait;
    this.waiting = true;
    try {
      return await this.api.onboarding.awaitAnswer({ id }, { signal: wait.signal });
    } finally {
      this.#wait = null;
      this.waiting = false;
    }
  }

  /** Stops waiting for the server's answer; the saved camera stays in the outbox, which goes on sending it. */
  cancelWaiting(): void {
    this.#wait?.abort();
  }

  async showServerErrors(fieldErrors: Record<string, string[]>, request = this.checked.request): Promise<void> {
    this.serverErrors = byDraftField(fieldErrors, request);
    const step = WIZARD_STEPS.find((s) => Object.keys(this.serverErrors).some((field) => stepOf(field) === s)) ?? 'review';
    await this.goTo(step);
    await this.focusFirstInvalid();
  }

  /** A new camera; placement, access and recording kept from the last one when `keepSite` (thirty cameras, one site). */
  reset(keepSite = false): void {
    const previous = this.draft;
    const fresh = emptyDraft(newId());
    this.draft = keepSite ? { ...previous, name: '', mac: '', serial_number: '', external_id: fresh.external_id } : fresh;
    this.entryId = null;
    this.serverErrors = {};
    this.touched = {};
    this.tried = {};
    this.result = null;
    this.failure = null;
    this.stoppedWaiting = false;
    this.step = 'identity';
  }

  /** Reopens an outbox entry (a 422 to fix, or a change before it is sent). */
  async open(entry: OutboxEntry): Promise<void> {
    this.reset();
    this.draft = fromRequest(entry.request);
    this.entryId = entry.id;
    if (Object.keys(entry.fieldErrors).length > 0) await this.showServerErrors(entry.fieldErrors, entry.request);
  }

  /** Fills placement, access and recording from a template; identity stays as typed. */
  apply(template: CameraTemplate): void {
    const fromTemplate = fromRequest({ ...template.values });
    const { name, mac, serial_number, external_id } = this.draft;
    this.draft = { ...fromTemplate, name, mac, serial_number, external_id };
  }

  /** The placement, access and recording of the draft, as a template's values. */
  templateValues(): CameraTemplate['values'] {
    const { name: _n, mac: _m, serial_number: _s, external_id: _e, ...values } = this.checked.request;
    return values;
  }
}
