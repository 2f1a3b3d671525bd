import { randomUUID } from 'node:crypto';
import { maskedRequest } from '../../preload/contract/camera/camera-draft';
import type { CameraCreateRequest, OutboxEntry, SubmitResult } from '../../preload/contract/onboarding';
import type { Connections } from '../app/connections';
import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import type { CameraOutbox } from './camera-outbox';
import { refuseKnownCamera } from './import-check';
import { requireValid } from './request-check';

/** An entry as it leaves main: the ONVIF password masked (the wizard asks `outbox.get` for it when it reopens one). */
export const maskedEntry = (entry: OutboxEntry): OutboxEntry => ({ ...entry, request: maskedRequest(entry.request) });

/**
 * What "Create now" tells the installer: created, held, or a 422 as the entry with its field errors (keys are the
 * request's paths: the wizard puts each on its field and keeps editing this entry); anything else is still queued.
 */
function answerOf(settled: OutboxEntry): SubmitResult {
  const outcome = settled.state === 'created' || settled.state === 'held' || settled.state === 'needs-fixing' ? settled.state : 'queued';
  return { entry: maskedEntry(settled), outcome };
}

export interface SubmitInput {
  request: CameraCreateRequest;
  send: 'now' | 'outbox';
  entryId?: string | undefined;
}

/** The wizard's submissions: one camera queued (or its entry changed after a 422), and the wait for its first answer. */
export function createSubmitService(outbox: CameraOutbox, connections: Pick<Connections, 'active'>, createNowWaitMs = 20_000) {
  return {
    async submit({ request, send, entryId }: SubmitInput, signal?: AbortSignal): Promise<SubmitResult> {
      const clean = requireValid(request);
      const box = await outbox.get();
      let entry: OutboxEntry;
      if (entryId) {
        const existing = box.get(entryId);
        if (!existing) throw new AppFailure('NotFound', said('onboarding.errors.notFound'));
        if (existing.state === 'sending' || existing.state === 'created') throw new AppFailure('Conflict', said('onboarding.errors.notEditable'));
        // One the server may have created keeps its external id when the field was left empty (the outbox refuses
        // another): the next try is recognised by it.
        if (existing.maybeCreated) clean.external_id ??= existing.request.external_id;
        clean.external_id ??= randomUUID();
        // Changed to the MAC or serial of another camera this server has from the console: refused as a new one is.
        refuseKnownCamera(box.repository, clean, { id: existing.profileId, name: existing.profileName }, entryId);
        entry = await box.edit(entryId, clean);
      } else {
        // The external id is what makes a retry after a lost answer safe: every camera gets one.
        clean.external_id ??= randomUUID();
        const { profile } = await connections.active();
        // A camera already there by MAC or serial is refused at its field; nothing awaits between this check and the
        // insert's first (synchronous) slice, so concurrent submits cannot both pass.
        refuseKnownCamera(box.repository, clean, profile);
        // One entry per external id per server: the database's unique index decides, so concurrent submits cannot both pass.
        entry = await box.add(clean, { profileId: profile.id, profileName: profile.name });
      }
      if (send === 'outbox') return { entry: maskedEntry(entry), outcome: 'queued' };
      return answerOf(await box.settled(entry.id, createNowWaitMs, signal));
    },

    /** Waits for the first answer to an entry already saved; a cancelled wait leaves it in the outbox, still sending. */
    async awaitAnswer(id: string, signal?: AbortSignal): Promise<SubmitResult> {
      const box = await outbox.get();
      if (!box.get(id)) throw new AppFailure('NotFound', said('onboarding.errors.notFound'));
      return answerOf(await box.settled(id, createNowWaitMs, signal));
    },
  };
}
