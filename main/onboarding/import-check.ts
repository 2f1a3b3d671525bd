import { randomUUID } from 'node:crypto';
import type { CameraCreateRequest } from '../../preload/contract/onboarding';
import { cameraCreateRequestSchema } from '../../preload/contract/wire/platform';
import { inChunks, pastDeadline } from '../outbox/chunks';
import { AppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';
import { issueMessage } from '../shared/zod-errors';
import type { CameraKeyKind, OutboxRepository } from '../storage/repositories/outbox-repository';
import { checkedRequest, fieldErrorsOf } from './request-check';

const FIELD: Record<CameraKeyKind, string> = { mac: 'mac', serial: 'serial_number', 'external-id': 'external_id' };
const ROWS_PER_TURN = 500;

export type ExistingRows = 'refuse' | 'skip' | 'create-again';

/**
 * Checks an import's rows with the wizard's rules and against the cameras this console has for the profile (by MAC,
 * serial and external id, through the index: no row scans the outbox), a slice at a time so every other call is
 * still answered. Rows of cameras that exist are refused with a sentence each, skipped, or (`create-again`) kept,
 * with a new external id when theirs is taken; `create-again` skips a row whose camera is still in the outbox. Throws Validation with every problem under `requests.<row>.<field>`.
 */
export async function checkImport(
  repository: OutboxRepository,
  requests: CameraCreateRequest[],
  profile: { id: string; name: string },
  existing: ExistingRows,
): Promise<{ clean: CameraCreateRequest[]; skipped: number }> {
  const fieldErrors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const clean: CameraCreateRequest[] = [];
  let skipped = 0;
  await inChunks(requests, ROWS_PER_TURN, (slice, offset, deadline) => {
    let done = 0;
    for (const request of slice) {
      if (pastDeadline(done, deadline)) break;
      const row = offset + done;
      done += 1;
      const wire = cameraCreateRequestSchema.safeParse(request);
      if (!wire.success) {
        for (const issue of wire.error.issues) (fieldErrors[`requests.${row}.${issue.path.join('.')}`] ??= []).push(issueMessage(issue));
        continue;
      }
      const checked = checkedRequest(wire.data);
      for (const [field, messages] of Object.entries(fieldErrorsOf(checked.problems))) fieldErrors[`requests.${row}.${field}`] = messages;
      const external = (checked.request.external_id ??= randomUUID());
      if (seen.has(external)) fieldErrors[`requests.${row}.external_id`] = [t('onboarding.errors.duplicateExternalId')];
      seen.add(external);
      const known = repository.known(profile.id, checked.request);
      // "Create again" is for cameras created before: one still in the outbox is on its way and not queued twice.
      if (known && (existing === 'skip' || (existing === 'create-again' && repository.known(profile.id, checked.request, true)))) {
        skipped += 1;
        continue;
      }
      if (known && existing === 'refuse') {
        const key = known.state !== 'created' ? 'alreadyQueued' : known.cleared ? 'alreadyCreatedCleared' : 'alreadyCreated';
        fieldErrors[`requests.${row}.${FIELD[known.kind]}`] = [t(`onboarding.import.row.${key}`, { server: profile.name, field: t(`onboarding.import.fields.${known.kind}`) })];
      }
      if (known && repository.known(profile.id, { external_id: external })) checked.request.external_id = randomUUID();
      clean.push(checked.request);
    }
    return { done, result: null };
  });
  if (Object.keys(fieldErrors).length > 0) throw new AppFailure('Validation', said('onboarding.errors.invalid'), { fieldErrors });
  return { clean, skipped };
}

/**
 * A single camera (the wizard's submit) that this console already has on the server by MAC or serial, queued, sent or
 * created (cleared from the list too), is refused at that field with the same sentence an import's row gets. An
 * external id already there is the outbox's unique index's to tell. Called in the same turn as the insert, so two
 * concurrent submits of one camera cannot both pass. A change to an entry (`except`, its id) is checked against the
 * other entries: changed to another camera's MAC, it would be that camera a second time.
 */
export function refuseKnownCamera(repository: OutboxRepository, request: CameraCreateRequest, profile: { id: string; name: string }, except?: string): void {
  // The same external id again is the unique index's to tell (as "already in the outbox"), whatever else matches.
  if (request.external_id !== undefined && repository.known(profile.id, { external_id: request.external_id }, false, except)) return;
  const known = repository.known(profile.id, request, false, except);
  if (!known || known.kind === 'external-id') return;
  const key = known.state !== 'created' ? 'alreadyQueued' : known.cleared ? 'alreadyCreatedCleared' : 'alreadyCreated';
  throw new AppFailure('Validation', said('onboarding.errors.invalid'), {
    fieldErrors: { [FIELD[known.kind]]: [t(`onboarding.import.row.${key}`, { server: profile.name, field: t(`onboarding.import.fields.${known.kind}`) })] },
  });
}
