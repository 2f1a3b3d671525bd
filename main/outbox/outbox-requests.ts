import type { AppError } from '../../preload/contract/app-error';
import type { CameraCreateRequest } from '../../preload/contract/onboarding';
import { checkedCameraRequest } from '../platform/client';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { log } from '../shared/log';

/** A failure of a send as an AppError; anything that is not an AppFailure is a bug, logged and told plainly. */
export function appErrorOf(error: unknown): AppError {
  if (isAppFailure(error)) return error.appError;
  log.error('outbox', `unexpected failure while sending: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  return new AppFailure('Internal', t('errors.outbox.internal'), { retryable: false }).appError;
}

/** One request of a batch checked against the wire schema; a failure names its fields under `requests.<row>.`. */
export function checkedRow(request: CameraCreateRequest, row: number): CameraCreateRequest {
  try {
    return checkedCameraRequest(request);
  } catch (error) {
    if (!isAppFailure(error)) throw error;
    const fieldErrors = Object.fromEntries(Object.entries(error.appError.fieldErrors).map(([field, messages]) => [`requests.${row}.${field}`, messages]));
    throw new AppFailure(error.appError, { message: error.message, fieldErrors });
  }
}

/** The answer to a second entry with an external id the profile has already. */
export const duplicateExternalId = () => new AppFailure('Validation', t('onboarding.errors.invalid'), { fieldErrors: { external_id: [t('onboarding.errors.duplicateExternalId')] } });

/** Runs `work` until it succeeds, telling each failure and waiting `delayMs` before the next try. */
export async function untilDone(work: () => Promise<void>, onFailure: (error: unknown) => void, delayMs: number): Promise<void> {
  for (;;) {
    try {
      return await work();
    } catch (error) {
      onFailure(error);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}

/** What a caller hears about an entry that is no longer in the outbox. */
export const entryGone = () => new AppFailure('NotFound', t('errors.outbox.entryGone'));
