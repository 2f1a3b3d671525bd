import type { AppError } from '../../preload/contract/app-error';
import { periodFieldOfServerKey } from '../../preload/contract/dashboard';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';
import { log } from '../shared/log';

/** A failure as the page is told it: an AppFailure's own, anything else as an internal failure in words. */
export function appErrorOf(error: unknown): AppError {
  if (isAppFailure(error)) return error.appError;
  log.warn('dashboard', `unexpected failure: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  return new AppFailure('Internal', said('dashboard.errors.internal'), { retryable: true }).appError;
}

/**
 * A 422 from the server is about the period we sent: its reasons go onto the period control's fields (`date` ->
 * the preset, `from`, `to`, `timezone`), with a sentence that says the server refused the period.
 */
export function periodRefused(error: AppFailure): AppFailure {
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, reasons] of Object.entries(error.appError.fieldErrors)) {
    const field = periodFieldOfServerKey[key] ?? 'period.preset';
    fieldErrors[field] = [...(fieldErrors[field] ?? []), ...reasons];
  }
  if (Object.keys(fieldErrors).length === 0) fieldErrors['period.preset'] = [t('dashboard.errors.periodRefusedNoReason')];
  return new AppFailure('Validation', said('dashboard.errors.periodRefused'), {
    fieldErrors,
    retryable: false,
    ...(error.appError.details !== undefined ? { details: error.appError.details } : {}),
  });
}
