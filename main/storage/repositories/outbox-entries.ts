import { z } from 'zod';
import { outboxEntrySchema, type OutboxEntry } from '../../../preload/contract/onboarding';
import { isAppFailure } from '../../shared/app-failure';
import { said, t } from '../../shared/i18n';
import { log } from '../../shared/log';
import type { Storage } from '../database';
import type { Sealer } from '../sealer';
import { answerFromClear } from './outbox-answer';
import type { Body, OpenedGroups, RequestGroups } from './outbox-request-groups';
import { TO_SEND, type Row } from './outbox-rows';
import { createProfileRepository } from './profile-repository';

/** What the server said, sealed apart (it changes with every try; the request does not). */
const outcomeSchema = outboxEntrySchema.pick({ lastError: true, fieldErrors: true, response: true, recognisedByExternalId: true, recognisedCameraId: true });
type Outcome = z.infer<typeof outcomeSchema>;

/** The outcome sealed, or null when there is none or it is kept in clear (`answer`, see outbox-answer.ts). */
export function outcomeBlobOf(sealer: Sealer, entry: OutboxEntry, answer: string | null): Buffer | null {
  if (answer !== null) return null;
  if (entry.lastError === null && entry.response === null && !entry.recognisedByExternalId && Object.keys(entry.fieldErrors).length === 0) return null;
  const { lastError, fieldErrors, response, recognisedByExternalId } = entry;
  return sealer.sealJson({ lastError, fieldErrors, response, recognisedByExternalId, recognisedCameraId: entry.recognisedCameraId ?? null } satisfies Outcome, `outbox-outcome:${entry.id}`);
}

/**
 * The profile's name as the profiles keep it, or '' when it is gone: only for an entry whose sealed request (which
 * holds the name it was queued under) is lost. A profile that does not read leaves the name out, not the list.
 */
function profileNameIn(storage: Storage, profileId: string): string {
  try {
    return createProfileRepository(storage).load().profiles.find((profile) => profile.id === profileId)?.name ?? '';
  } catch {
    return '';
  }
}

/** Entries made from their rows: the request from its sealed group (or from memory), the outcome opened. */
export class EntryReader {
  /**
   * Requests of entries still to be sent that this process sealed or opened, by entry id: a send opens the row it
   * just queued without decrypting and checking it again (a request never changes but by `save(…, true)`, which
   * replaces it here too). An entry answered for good (created, refused, held) is let go: kept, a thousand-camera
   * import left a megabyte of requests to the old generation, and each major collection marked them all again.
   */
  readonly #bodies = new Map<string, Body>();
  /** Entries whose request could not be read that the log has named already (each once, not at every list). */
  readonly #told = new Set<string>();

  constructor(
    private readonly storage: Storage,
    private readonly sealer: Sealer,
    private readonly groups: RequestGroups,
  ) {}

  remember(id: string, body: Body): void {
    if (this.#bodies.size >= 20_000) this.#bodies.clear();
    this.#bodies.set(id, body);
  }

  /** The entry's request is not kept in memory (answered for good, or given a new one). */
  letGo(id: string): void {
    this.#bodies.delete(id);
  }

  /**
   * The entry's request, from memory or opened from its group; null when it cannot be read: its group no longer opens
   * (its bytes damaged while its page still reads, which the check of the file at start does not see) or is missing
   * (rows are written with their request in one transaction: one without is what a damaged file left). The log names
   * the entry once.
   */
  #bodyOf(row: Row, opened?: OpenedGroups): Body | null {
    const kept = this.#bodies.get(row.id);
    if (kept) return kept;
    let found: Body | null = null;
    let why = 'its request is missing';
    try {
      found = row.request_seq === null ? null : this.groups.bodyOf({ seq: row.request_seq, index: row.request_index }, row.id, opened);
    } catch (error) {
      if (!isAppFailure(error)) throw error;
      why = `its sealed request does not open (${error.appError.details ?? error.message})`;
    }
    if (!found) {
      this.#tell(row.id, why);
      return null;
    }
    if (TO_SEND.has(row.state)) this.remember(row.id, found);
    return found;
  }

  #tell(id: string, why: string): void {
    if (this.#told.has(id)) return;
    if (this.#told.size >= 1_000) this.#told.clear();
    this.#told.add(id);
    log.warn('outbox', `entry ${id}: ${why}; it is listed as held and never sent, until its camera is entered again or it is removed`);
  }

  /** False when the entry's request cannot be read (see `#bodyOf`): such an entry must not go on the wire. */
  readable(row: Row, opened?: OpenedGroups): boolean {
    return this.#bodyOf(row, opened) !== null;
  }

  /**
   * The entry of `row`. One whose request cannot be read is made visible and harmless rather than failing every list
   * it is in: held (created stays created), with no request, and a sentence saying its camera must be entered again.
   */
  entry(row: Row, opened?: OpenedGroups): OutboxEntry {
    const body = this.#bodyOf(row, opened);
    const state = body === null && row.state !== 'created' ? 'held' : row.state;
    const outcome: Outcome =
      body === null && state === 'held'
        ? { lastError: { kind: 'Internal', message: t('errors.outbox.requestUnreadable'), said: said('errors.outbox.requestUnreadable'), details: `outbox entry ${row.id}: its request could not be read` }, fieldErrors: {}, response: null, recognisedByExternalId: false, recognisedCameraId: null }
        : row.outcome
          ? this.sealer.openJson(row.outcome, `outbox-outcome:${row.id}`, outcomeSchema, 'an outbox answer')
          : // A plain answer in clear is made whole with its request's words: without them there is none to show.
            { lastError: null, fieldErrors: {}, response: row.answer === null || body === null ? null : answerFromClear(row.answer, body.request, row.id), recognisedByExternalId: false, recognisedCameraId: null };
    return {
      id: row.id,
      profileId: row.profile_id,
      profileName: body?.profileName ?? profileNameIn(this.storage, row.profile_id),
      request: body?.request ?? {},
      state,
      attempts: row.attempts,
      maybeCreated: row.maybe_created === 1,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      nextAttemptAt: state === 'retrying' && row.due_at !== null ? new Date(row.due_at).toISOString() : null,
      lastError: outcome.lastError,
      fieldErrors: outcome.fieldErrors,
      response: outcome.response,
      recognisedByExternalId: outcome.recognisedByExternalId,
      recognisedCameraId: outcome.recognisedCameraId ?? null,
      importId: row.import_id,
      clearedAt: row.cleared_at,
    };
  }

  /** Entries of rows read together: each group of requests among them is opened once. */
  entries(rows: Row[]): OutboxEntry[] {
    const opened: OpenedGroups = new Map();
    return rows.map((row) => this.entry(row, opened));
  }
}
