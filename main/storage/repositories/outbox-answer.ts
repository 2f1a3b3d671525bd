import { z } from 'zod';
import type { CameraCreateRequest, CreatedAnswer, OutboxEntry } from '../../../preload/contract/onboarding';
import { AppFailure } from '../../shared/app-failure';
import { said } from '../../shared/i18n';

/**
 * A plain "created" answer kept in clear (the `answer` column of schema step 13), without a sealed blob: the
 * server's camera id, status, folder id and archive settings. Its name, MAC, serial and folder key are not kept: they
 * are the request's own, sealed with it, and read back from it. An answer that says anything else (other words than
 * the request's, a failure, a recognition) is sealed whole, as before.
 */
const clearAnswerSchema = z.tuple([z.int(), z.string(), z.int(), z.boolean(), z.int()]);

/** The clear form of the entry's outcome, or null when it must be sealed (or there is none). */
export function clearAnswerOf(entry: OutboxEntry): string | null {
  const answer = entry.response;
  const request = entry.request;
  if (answer === null || entry.lastError !== null || entry.recognisedByExternalId || (entry.recognisedCameraId ?? null) !== null) return null;
  if (Object.keys(entry.fieldErrors).length > 0) return null;
  if (answer.name !== request.name || answer.network_device.mac !== request.mac || answer.network_device.serial_number !== request.serial_number) return null;
  if (request.folder_key === undefined || answer.folder.key !== String(request.folder_key)) return null;
  return JSON.stringify([answer.id, answer.status, answer.folder.id, answer.is_archive_recording, answer.archive_storage_days]);
}

/** The answer `clearAnswerOf` kept, whole again with the request's words. */
export function answerFromClear(text: string, request: CameraCreateRequest, id: string): CreatedAnswer {
  let parsed: z.infer<typeof clearAnswerSchema> | null = null;
  try {
    parsed = clearAnswerSchema.safeParse(JSON.parse(text)).data ?? null;
  } catch {
    // Told below, as any answer that does not read.
  }
  // Only this console writes the column: what does not read is damage, told as an unreadable saved answer.
  if (!parsed || request.name === undefined || request.mac === undefined || request.serial_number === undefined || request.folder_key === undefined) {
    throw new AppFailure('Internal', said('errors.vault.unreadable'), { details: `outbox entry ${id}: the saved answer does not read` });
  }
  const [cameraId, status, folderId, archive, days] = parsed;
  return {
    id: cameraId,
    status,
    name: request.name,
    is_archive_recording: archive,
    archive_storage_days: days,
    network_device: { mac: request.mac, serial_number: request.serial_number },
    folder: { id: folderId, key: String(request.folder_key) },
  };
}
