import { tick } from 'svelte';
import type { AppError, Result } from '../../preload/contract/app-error';
import { fieldSpoken, splitFailure } from './result';

/** Anything with querySelector: the form element (a fake one in unit tests). */
export interface FormRoot {
  querySelector(selector: string): { focus(): void } | null;
}

/**
 * The state every form repeats: busy while the call runs, a message per field, and a failure for the banner when no
 * field explains it; after a failed submit the focus moves to the first invalid field, so keyboard and screen-reader
 * users land where the problem is.
 *
 * `fields` lists the field paths the form shows (e.g. `['name', 'tls.caPem']`): an error keyed by another path is
 * shown in the banner instead of being lost. Without the list every field error is taken as shown.
 */
export class FormState<F extends string = string> {
  busy = $state(false);
  #errors = $state<Partial<Record<F, string>>>({});
  /** The failed call whose field errors are shown: a field sentence main kept is said in the language shown now. */
  #failed = $state.raw<AppError | null>(null);
  failure = $state<AppError | null>(null);

  /** A message per field, in the language shown now. */
  get errors(): Partial<Record<F, string>> {
    const failed = this.#failed;
    if (!failed?.said && !failed?.fieldSaid) return this.#errors;
    const now: Partial<Record<F, string>> = {};
    for (const [field, message] of Object.entries(this.#errors) as [F, string][]) now[field] = fieldSpoken(message, failed, field);
    return now;
  }

  set errors(errors: Partial<Record<F, string>>) {
    this.#errors = errors;
  }
  #root: FormRoot | null = null;
  readonly #fields: readonly F[] | undefined;

  constructor(fields?: readonly F[]) {
    this.#fields = fields;
  }

  /** Where to look for invalid fields: `form.attach(el)`, `{@attach form.element}`, or `bind:this` then attach. */
  attach(root: FormRoot | null): void {
    this.#root = root;
  }

  /** An attachment: `<form {@attach form.element}>`. */
  readonly element = (root: HTMLElement): (() => void) => {
    this.#root = root;
    return () => {
      if (this.#root === root) this.#root = null;
    };
  };

  /** True when a field or the banner has something to say. */
  get invalid(): boolean {
    return this.failure !== null || Object.keys(this.errors).length > 0;
  }

  /**
   * Runs the call once (a second submit while busy is ignored and answers null). The value on success; null on
   * failure, with the field errors and failure set and the focus on the first invalid field. A cancelled call
   * (navigating away) says nothing.
   */
  async submit<T>(call: () => Promise<Result<T>>): Promise<T | null> {
    if (this.busy) return null;
    this.busy = true;
    this.failure = null;
    let result: Result<T>;
    try {
      result = await call();
    } finally {
      this.busy = false;
    }
    if (result.ok) {
      this.#failed = null;
      this.errors = {};
      return result.value;
    }
    if (result.error.kind === 'Cancelled') return null;
    await this.fail(result.error);
    return null;
  }

  /** Shows a failed call: its field errors next to the fields, or the banner when none of them explains it. */
  async fail(error: AppError): Promise<void> {
    const fields = this.#fields ?? (Object.keys(error.fieldErrors) as F[]);
    const split = splitFailure(error, fields);
    this.#failed = error;
    this.errors = split.errors;
    this.failure = split.failure;
    await this.focusFirstInvalid();
  }

  /** Shows errors found before calling (client-side checks) and focuses the first; true when there were none. */
  async check(errors: Partial<Record<F, string | undefined>>): Promise<boolean> {
    const shown: Partial<Record<F, string>> = {};
    for (const [field, message] of Object.entries(errors) as [F, string | undefined][]) if (message) shown[field] = message;
    this.#failed = null;
    this.errors = shown;
    if (Object.keys(shown).length === 0) return true;
    this.failure = null;
    await this.focusFirstInvalid();
    return false;
  }

  /** Forgets the errors and failure (e.g. when the form is reset or closed). */
  reset(): void {
    this.#failed = null;
    this.errors = {};
    this.failure = null;
  }

  /** Moves the focus to the first `[aria-invalid="true"]` control, once the DOM shows the errors. */
  async focusFirstInvalid(): Promise<void> {
    await tick();
    this.#root?.querySelector('[aria-invalid="true"]')?.focus();
  }
}
