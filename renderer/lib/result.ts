import type { AppError } from '../../preload/contract/app-error';
import { spoken } from './i18n.svelte';

/** Field errors of a failed call, keyed by field path, for forms to show next to each field. */
export function fieldErrorsOf(error: AppError | null | undefined): Record<string, string[]> {
  return error?.fieldErrors ?? {};
}

/** The first message for one field, or undefined. */
export function firstError(errors: Record<string, string[]>, field: string): string | undefined {
  return errors[field]?.[0];
}

/**
 * A failed call split the way a form shows it: the first message of each field the form has, and the error for
 * the banner only when none of those fields explains it (a sentence shown under its field is not repeated).
 */
export function splitFailure<F extends string>(
  error: AppError,
  fields: readonly F[],
): { errors: Partial<Record<F, string>>; failure: AppError | null } {
  const all = fieldErrorsOf(error);
  const errors: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const message = firstError(all, field);
    if (message !== undefined) errors[field] = message;
  }
  return { errors, failure: Object.keys(errors).length > 0 ? null : error };
}

export type { AppError };

/**
 * A field's message in the language shown now: main writes the sentence under a field once, in the language of the
 * moment, and also keeps it as the failure's `said`; a field message that repeats the failure's is said again from
 * that, so switching the language while it stands rewords it too; so is a field's own reason main kept (`fieldSaid`). Reactive like `t` when read in a template.
 */
export function fieldSpoken(message: string, failure: AppError | null | undefined, field?: string): string {
  if (field !== undefined) {
    const own = failure?.fieldSaid?.[field];
    if (own && failure?.fieldErrors[field]?.[0] === message) return spoken({ message, said: own });
  }
  return failure?.said && message === failure.message ? spoken(failure) : message;
}
