import type { AppError } from '../../preload/contract/app-error';
import { createdAnswerOf, type CameraCreateRequest, type CameraCreateResponse, type OutboxEntry } from '../../preload/contract/onboarding';

/**
 * The outbox state machine, pure: every change of an entry is one of these events, and `transition` is the only
 * place that decides the next state. Anything not in the table is refused (InvalidTransition), so a bug cannot
 * quietly send a created camera again.
 *
 *   queued ──send-started──▶ sending ──answered──▶ created
 *   retrying ─send-started─▶ sending ──failed: unreachable / answer lost──▶ retrying (backoff)
 *                            sending ──failed: 422──▶ needs-fixing   (or created, when an earlier request may have
 *                                                                     created it and the server says its external id
 *                                                                     is taken, with a 422 or a 409)
 *                            sending ──failed: token, permission, TLS…──▶ held
 *                            sending ──restart found it mid-send (the repository's recover, in SQL)──▶ retrying,
 *                                                                     maybe created
 *   needs-fixing | held | queued | retrying ──edited──▶ queued
 *   retrying | held ──retry-requested──▶ queued
 */
export type OutboxEvent =
  | { type: 'send-started'; at: Date }
  | { type: 'answered'; at: Date; response: CameraCreateResponse }
  | { type: 'failed'; at: Date; error: AppError; retryDelayMs: number }
  | { type: 'edited'; at: Date; request: CameraCreateRequest }
  | { type: 'retry-requested'; at: Date };

/** Who an entry was queued for (the server profile) and the bulk import it came from, if any. */
export interface EntryMeta {
  profileId: string;
  profileName: string;
  importId?: string | null;
}

/** A new entry, as it is saved before the installer is told it is in the outbox. */
export function queuedEntry(id: string, request: CameraCreateRequest, meta: EntryMeta, at: string): OutboxEntry {
  return {
    id,
    profileId: meta.profileId,
    profileName: meta.profileName,
    request,
    state: 'queued',
    attempts: 0,
    maybeCreated: false,
    createdAt: at,
    updatedAt: at,
    nextAttemptAt: null,
    lastError: null,
    fieldErrors: {},
    response: null,
    recognisedByExternalId: false,
    recognisedCameraId: null,
    importId: meta.importId ?? null,
    clearedAt: null,
  };
}

/** What a change of an entry may set: everything but who queued it, when, and its id. */
export type EntryChange = Partial<Omit<OutboxEntry, 'id' | 'profileId' | 'profileName' | 'createdAt' | 'importId'>>;

/**
 * The entry with `change` applied, as a new object. Written out field by field, in `queuedEntry`'s order, so every
 * entry has the same shape: a spread with changed fields after it gave V8 a new shape per path through the state
 * machine, and copying entries of many shapes took most of the runner's time in a thousand-camera import.
 */
export function entryWith(entry: OutboxEntry, change: EntryChange): OutboxEntry {
  return {
    id: entry.id,
    profileId: entry.profileId,
    profileName: entry.profileName,
    request: change.request ?? entry.request,
    state: change.state ?? entry.state,
    attempts: change.attempts ?? entry.attempts,
    maybeCreated: change.maybeCreated ?? entry.maybeCreated,
    createdAt: entry.createdAt,
    updatedAt: change.updatedAt ?? entry.updatedAt,
    nextAttemptAt: change.nextAttemptAt !== undefined ? change.nextAttemptAt : entry.nextAttemptAt,
    lastError: change.lastError !== undefined ? change.lastError : entry.lastError,
    fieldErrors: change.fieldErrors ?? entry.fieldErrors,
    response: change.response !== undefined ? change.response : entry.response,
    recognisedByExternalId: change.recognisedByExternalId ?? entry.recognisedByExternalId,
    recognisedCameraId: change.recognisedCameraId !== undefined ? change.recognisedCameraId : (entry.recognisedCameraId ?? null),
    importId: entry.importId,
    clearedAt: change.clearedAt !== undefined ? change.clearedAt : entry.clearedAt,
  };
}

export class InvalidTransition extends Error {
  constructor(
    readonly from: OutboxEntry['state'],
    readonly event: OutboxEvent['type'],
  ) {
    super(`outbox: ${event} is not allowed in state ${from}`);
  }
}

/** What a failure means for an entry, and whether the request may have reached the server and created the camera. */
export interface FailureMeaning {
  next: 'needs-fixing' | 'retrying' | 'held';
  /** False only when the request certainly did not create anything (refused connection, an answer saying no). */
  mayHaveCreated: boolean;
}

const NOT_SENT_OFFLINE = new Set(['refused', 'name-not-found', 'unreachable', 'tls-handshake']);

export function meaningOf(error: AppError): FailureMeaning {
  switch (error.kind) {
    case 'Validation':
      return { next: 'needs-fixing', mayHaveCreated: false };
    case 'Offline':
      return { next: 'retrying', mayHaveCreated: !NOT_SENT_OFFLINE.has(String(error.data?.['reason'] ?? '')) };
    case 'Timeout':
      return { next: 'retrying', mayHaveCreated: error.data?.['phase'] !== 'connect' };
    case 'RateLimited':
      return { next: 'retrying', mayHaveCreated: false };
    // The server (or a proxy in front of it) failed or cut the answer: the camera may exist.
    case 'Unavailable':
    case 'ServerError':
    case 'BadResponse':
    case 'Cancelled':
      return { next: 'retrying', mayHaveCreated: true };
    // Settled by the installer, not by waiting: a token to replace, a permission, a certificate, a wrong address.
    default:
      return { next: 'held', mayHaveCreated: false };
  }
}

const TAKEN = /already been taken|already exists|already in use|must be unique/i;

/** The server's way of saying this external id is in use ("The external_id has already been taken."). */
export function isExternalIdTaken(fieldErrors: Record<string, string[]>): boolean {
  return (fieldErrors['external_id'] ?? []).some((message) => TAKEN.test(message));
}

/**
 * The same said with a 409 (a server or proxy that answers a duplicate as a conflict): its body, kept in the
 * failure's details, names the external id as taken.
 */
function isExternalIdConflict(error: AppError): boolean {
  const said = error.details ?? '';
  return error.kind === 'Conflict' && /external[ _-]?id/i.test(said) && TAKEN.test(said);
}

/**
 * The camera id a 422 names, when it names one ("… already been taken by camera 1234"):
 * the spec's answer carries only field messages, so often there is none and the created list says why.
 */
export function cameraIdIn(error: AppError): number | null {
  const said = [...(error.fieldErrors['external_id'] ?? []), error.details ?? ''].join(' ');
  const match = /camera(?:[ _]id)?\s*(?:#|no\.?|id)?\s*[:=]?\s*(\d+)/i.exec(said);
  return match ? Number(match[1]) : null;
}

/** Backoff before the next try: doubling from `baseMs`, capped at `maxMs`, with ±20 % jitter so many entries spread out. */
export function backoffDelay(attempts: number, random: () => number, baseMs = 1_000, maxMs = 60_000): number {
  const exponent = Math.min(30, Math.max(0, attempts - 1));
  const delay = Math.min(maxMs, baseMs * 2 ** exponent);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

function allowed(entry: OutboxEntry, event: OutboxEvent, from: readonly OutboxEntry['state'][]): void {
  if (!from.includes(entry.state)) throw new InvalidTransition(entry.state, event.type);
}

const errorOf = (error: AppError): OutboxEntry['lastError'] => ({
  kind: error.kind,
  message: error.message,
  ...(error.said !== undefined ? { said: error.said } : {}),
  ...(error.details !== undefined ? { details: error.details } : {}),
});

/** The last time written out by `isoOf`, in milliseconds, and its text. */
let lastIsoMs = Number.NaN;
let lastIso = '';

/**
 * `at` as ISO text. The runner stamps several entries in the same millisecond (every answer and every send of an
 * import), and formatting a date costs more than the rest of a state change: the last one is reused.
 */
function isoOf(at: Date): string {
  const ms = at.getTime();
  if (ms !== lastIsoMs) {
    lastIso = at.toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}

/** The entry after `event`, or InvalidTransition. Never mutates its input. */
export function transition(entry: OutboxEntry, event: OutboxEvent): OutboxEntry {
  const updatedAt = isoOf(event.at);
  switch (event.type) {
    case 'send-started':
      allowed(entry, event, ['queued', 'retrying']);
      return entryWith(entry, { state: 'sending', attempts: entry.attempts + 1, nextAttemptAt: null, updatedAt });
    case 'answered':
      allowed(entry, event, ['sending']);
      return entryWith(entry, { state: 'created', response: createdAnswerOf(event.response), lastError: null, fieldErrors: {}, nextAttemptAt: null, updatedAt });
    case 'failed': {
      allowed(entry, event, ['sending']);
      const meaning = meaningOf(event.error);
      // An earlier request created it and its answer was lost; the server answers this one with a conflict on its
      // external id: the same camera (held, the installer could neither settle nor remove it).
      if (entry.maybeCreated && isExternalIdConflict(event.error)) {
        return entryWith(entry, { state: 'created', recognisedByExternalId: true, recognisedCameraId: cameraIdIn(event.error), lastError: null, fieldErrors: {}, nextAttemptAt: null, updatedAt });
      }
      if (meaning.next === 'needs-fixing') {
        if (entry.maybeCreated && isExternalIdTaken(event.error.fieldErrors)) {
          // An earlier request created it and its answer was lost: this is the same camera, not a clash.
          return entryWith(entry, { state: 'created', recognisedByExternalId: true, recognisedCameraId: cameraIdIn(event.error), lastError: null, fieldErrors: {}, nextAttemptAt: null, updatedAt });
        }
        return entryWith(entry, { state: 'needs-fixing', fieldErrors: event.error.fieldErrors, lastError: errorOf(event.error), nextAttemptAt: null, updatedAt });
      }
      const maybeCreated = entry.maybeCreated || meaning.mayHaveCreated;
      if (meaning.next === 'held') return entryWith(entry, { state: 'held', maybeCreated, lastError: errorOf(event.error), nextAttemptAt: null, updatedAt });
      return entryWith(entry, {
        state: 'retrying',
        maybeCreated,
        lastError: errorOf(event.error),
        nextAttemptAt: new Date(event.at.getTime() + event.retryDelayMs).toISOString(),
        updatedAt,
      });
    }
    case 'edited':
      allowed(entry, event, ['needs-fixing', 'held', 'queued', 'retrying']);
      return entryWith(entry, { state: 'queued', request: event.request, fieldErrors: {}, lastError: null, nextAttemptAt: null, updatedAt });
    case 'retry-requested':
      allowed(entry, event, ['retrying', 'held']);
      return entryWith(entry, { state: 'queued', nextAttemptAt: null, updatedAt });
  }
}
