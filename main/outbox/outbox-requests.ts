import type { AppError } from '../../preload/contract/app-error';
import type { CameraCreateRequest, OutboxEntry } from '../../preload/contract/onboarding';
import { checkedCameraRequest } from '../platform/client';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';
import { log } from '../shared/log';

/** A failure of a send as an AppError; anything that is not an AppFailure is a bug, logged and told plainly. */
export function appErrorOf(error: unknown): AppError {
  if (isAppFailure(error)) return error.appError;
  log.error('outbox', `unexpected failure while sending: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  return new AppFailure('Internal', said('errors.outbox.internal'), { retryable: false }).appError;
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

/**
 * `request` for an entry the server may have created: with the entry's external id, the one the next try is
 * recognised by (see `Outbox.edit`); a different one is a Validation failure on that field. Other entries' requests
 * are as given.
 */
export function keptExternalId(entry: OutboxEntry, request: CameraCreateRequest): CameraCreateRequest {
  const kept = entry.request.external_id;
  if (!entry.maybeCreated || kept === undefined) return request;
  if (request.external_id === undefined) return { ...request, external_id: kept };
  if (request.external_id.trim() === kept.trim()) return request;
  throw new AppFailure('Validation', said('onboarding.errors.invalid'), { fieldErrors: { external_id: [t('onboarding.errors.externalIdKept', { id: kept })] } });
}

/** The answer to a second entry with an external id the profile has already. */
export const duplicateExternalId = () => new AppFailure('Validation', said('onboarding.errors.invalid'), { fieldErrors: { external_id: [t('onboarding.errors.duplicateExternalId')] } });

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
export const entryGone = () => new AppFailure('NotFound', said('errors.outbox.entryGone'));
