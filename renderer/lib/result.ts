import type { AppError, Result } from '../../preload/app-error';

/** Field errors of a failed call, keyed by field path, for forms to show next to each field. */
export function fieldErrorsOf(error: AppError | null | undefined): Record<string, string[]> {
  return error?.fieldErrors ?? {};
}

/** The first message for one field, or undefined. */
export function firstError(errors: Record<string, string[]>, field: string): string | undefined {
  return errors[field]?.[0];
}

export type { AppError, Result };
