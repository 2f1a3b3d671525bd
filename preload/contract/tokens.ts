import { z } from 'zod';
import { fieldMessage } from './messages/field-message';
import { channel } from './channel';
import { event } from './event';
import type { AppErrorKind } from './app-error';
import type { Said } from './said';
import { MAX_BATCH_TEXT_CHARS } from './limits';

/**
 * The stream-token desk: operation 1 (stream access tokens for private streams), operation 3 (tokens bound to a
 * stream and a user), the encrypted history, and batches run in main with bounded concurrency.
 *
 * Times: `from`/`to` are what the API calls "seconds". We read them as Unix epoch seconds (UTC) — the only reading
 * under which "lower/upper DVR time bound" and "to >= from" make sense for recordings. 0 = unbounded on that side.
 */

export const UINT32_MAX = 4_294_967_295;
export const MAX_BATCH_ROWS = 10_000;

/** A stream uid as the desk accepts it (the form, the batch list and the contract check the same rule). */
export const streamUid = z
  .string({ error: fieldMessage('validation.tokens.streamRequired') })
  .trim()
  .min(1, { error: fieldMessage('validation.tokens.streamRequired') })
  .max(256, { error: fieldMessage('validation.tokens.streamTooLong') })
  .refine((uid) => !/\s/.test(uid), { error: fieldMessage('validation.tokens.streamSpaces') });

/** Whole seconds for one of the grant's fields (its sentences name the field: lifetime, window start or end). */
const seconds = (field: 'ttl' | 'from' | 'to' | 'duration') =>
  z
    .number({ error: fieldMessage(`validation.tokens.seconds.${field}.whole`) })
    .int({ error: fieldMessage(`validation.tokens.seconds.${field}.whole`) })
    .min(0, { error: fieldMessage(`validation.tokens.seconds.${field}.negative`) })
    .max(UINT32_MAX, { error: fieldMessage(`validation.tokens.seconds.${field}.tooLarge`, { max: UINT32_MAX }) });

const note = z.string().trim().max(500, { error: fieldMessage('validation.tokens.noteTooLong') }).default('');

/** Permission set, TTL and DVR window shared by single and batch requests. */
const grantShape = {
  live: z.boolean().default(false),
  dvr: z.boolean().default(false),
  copy: z.boolean().default(false),
  ttl: seconds('ttl'),
  from: seconds('from').default(0),
  to: seconds('to').default(0),
};

/** One permission set, TTL and window, as sent for every token of a request or batch. */
export type Grant = z.output<z.ZodObject<typeof grantShape>>;

/** The rules the spec states for the window, checked before anything is sent. */
function checkWindow(grant: Grant, ctx: z.RefinementCtx): void {
  const hasWindow = grant.from !== 0 || grant.to !== 0;
  if (hasWindow && !grant.dvr && !grant.copy) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: fieldMessage('validation.tokens.windowNeedsDvr') });
  }
  if (grant.from !== 0 && grant.to !== 0 && grant.to < grant.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: fieldMessage('validation.common.dvrWindowOrder') });
  }
}

/**
 * The operator's "yes" to a token that allows nothing: with live, DVR and download all off the platform grants nothing
 * (the vendor documents all three as false by default), so such a request is only sent after the screen said so in
 * words and the operator confirmed. A caller that skips the question gets a sentence, not a useless token.
 */
const allowNothing = z.boolean().default(false);

function checkPermissions(grant: Pick<Grant, 'live' | 'dvr' | 'copy'> & { allowNothing: boolean }, ctx: z.RefinementCtx): void {
  if (!grant.live && !grant.dvr && !grant.copy && !grant.allowNothing) {
    ctx.addIssue({ code: 'custom', path: ['live'], message: fieldMessage('validation.tokens.noPermissionUnconfirmed') });
  }
}

export const streamTokenRequestSchema = z
  .object({ stream: streamUid, ...grantShape, note, allowNothing })
  .superRefine(checkWindow)
  .superRefine(checkPermissions);
export type StreamTokenRequest = z.input<typeof streamTokenRequestSchema>;

export const userBoundRequestSchema = z.object({
  uid: streamUid,
  user: z
    .string({ error: fieldMessage('validation.common.userRequired') })
    .trim()
    .min(1, { error: fieldMessage('validation.common.userRequired') })
    .max(255, { error: fieldMessage('validation.tokens.userTooLong') }),
  duration: seconds('duration'),
  note,
});
export type UserBoundRequest = z.input<typeof userBoundRequestSchema>;

export const batchStartSchema = z
  .object({
    /** Pasted text: one uid per line, or CSV with a `stream` column. Parsed in main. */
    text: z
      .string({ error: fieldMessage('validation.tokens.batchTextRequired') })
      .max(MAX_BATCH_TEXT_CHARS, { error: fieldMessage('validation.tokens.batchTooLong') }),
    ...grantShape,
    note,
    /** The operator's cap on requests in flight; the batch adapts below it to the server's answers. */
    concurrency: z
      .number({ error: fieldMessage('validation.tokens.concurrencyRequired') })
      .int({ error: fieldMessage('validation.tokens.concurrencyWhole') })
      .min(1, { error: fieldMessage('validation.tokens.concurrencyMin') })
      .max(64, { error: fieldMessage('validation.tokens.concurrencyMax') })
      .default(16),
    allowNothing,
  })
  .superRefine(checkWindow)
  .superRefine(checkPermissions);

/**
 * One issued token as the desk remembers it (the history is stored in this shape). Stream tokens (operation 1) carry
 * permissions and a DVR window; user-bound tokens (operation 3) carry a user id and a duration (kept in `ttl`).
 * Times are ISO strings in UTC.
 */
export const historyEntrySchema = z.object({
  id: z.string().min(1),
  kind: z.enum(['stream', 'user']),
  stream: z.string(),
  user: z.string().nullable(),
  live: z.boolean(),
  dvr: z.boolean(),
  copy: z.boolean(),
  /** Lifetime in seconds as sent; 0 = unlimited. */
  ttl: z.number().int().min(0),
  /** DVR window in Unix seconds as sent; 0 = unbounded on that side. */
  from: z.number().int().min(0),
  to: z.number().int().min(0),
  /** Null only for a user-bound answer in which no token could be recognised (its shape is not documented). */
  token: z.string().nullable(),
  issuedAt: z.iso.datetime(),
  /** Null = never expires. Computed from this computer's clock when the answer arrived. */
  expiresAt: z.iso.datetime().nullable(),
  profileId: z.string(),
  profileName: z.string(),
  note: z.string(),
  batchId: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** An issued token as the screen shows it: the history entry plus the playback address, when the profile has one. */
export type IssuedTokenView = HistoryEntry & {
  playbackUrl: string | null;
  /** Set when the token was issued but could not be written to the history (it is still valid). */
  historyWarning: string | null;
};

export interface HistoryView {
  entries: IssuedTokenView[];
  /** Entries in the history before the search. */
  total: number;
  /** Entries matching the search (entries holds at most `limit` of them, newest first). */
  matched: number;
  /** Stream uids issued most recently first, for the stream field's suggestions. */
  recentStreams: string[];
  /** Set when the history file exists but cannot be read (wrong key, damaged). */
  unreadable: string | null;
  /**
   * A damaged part of the history set aside in this session: a torn or garbled tail cut off into `file` (with
   * `records` records; the intact ones before it are kept), or the backup of an unreadable file made by clearing it
   * (`records` null). Null when nothing was set aside.
   */
  setAside: { records: number | null; file: string } | null;
  /**
   * Batches a previous run of Watchdesk was in the middle of when it stopped (a crash, power loss): how many of their
   * tokens reached the history and how many were not issued. Search the history for `batchId` to list them.
   */
  interrupted: InterruptedBatch[];
  /**
   * Session-only mode (no keychain): the saved history cannot be decrypted, so it is neither shown nor touched;
   * tokens issued now are listed until Watchdesk closes.
   */
  sessionOnly: boolean;
}

export interface InterruptedBatch {
  batchId: string;
  startedAt: string;
  profileName: string;
  total: number;
  /** Its tokens written to the history (each issued token is, as its answer arrives), cleared ones included. */
  issued: number;
  /** Those of them the history shows: fewer than `issued` when the history was cleared since. */
  shown: number;
}

export interface CsvExport {
  csv: string;
  filename: string;
  rows: number;
}

export type BatchRowState = 'pending' | 'running' | 'ok' | 'failed' | 'cancelled';

export interface BatchRow {
  index: number;
  stream: string;
  state: BatchRowState;
  token: string | null;
  expiresAt: string | null;
  /** A sentence for a person when the row failed or was cancelled. */
  error: string | null;
  /** How `error` was said: the page says it in the language it shows now. */
  errorSaid?: Said;
  errorKind: AppErrorKind | null;
  /** The batch revision at which this row last changed. */
  rev: number;
}

export interface BatchStatus {
  id: string;
  /** Rows are still being issued. */
  running: boolean;
  /** Every row is final, and the issued tokens are being written to the history (a push tells when it is done). */
  savingHistory: boolean;
  total: number;
  counts: Record<BatchRowState, number>;
  /** Pass back as `since` to receive only rows that changed after this call. */
  rev: number;
  /** All rows (since = 0) or those changed after `since`. */
  rows: BatchRow[];
  grant: Grant;
  /** What parsing the pasted text did (duplicates dropped, header found). */
  notes: string[];
  /** Set when the batch's tokens could not be written to the history. */
  historyWarning: string | null;
  profileName: string;
  /**
   * Set when a run of connection failures stopped the batch (a dead or hung server): the last failure's sentence.
   * The rows not tried yet stay pending until `tokens.batchResume` (or cancel).
   */
  paused: { message: string; /** How `message` was said: the page says it in the language it shows now. */ said?: Said; kind: AppErrorKind; failures: number } | null;
  /** Requests in flight now (adapted to the server) and the operator's cap. */
  concurrency: { limit: number; cap: number };
  /** Failed rows whose failure may go away on retry (offline, timeout, rate limit); 0 = every failure is permanent. */
  retryableFailures: number;
}

/**
 * A batch's progress as main pushes it (`batch.progress`, at most about ten a second per batch, and once more the
 * moment every row is final and when the history write lands): the counts, and only the rows changed since the
 * previous push for this batch, never the whole batch.
 */
export type BatchProgress = Omit<BatchStatus, 'grant' | 'notes' | 'profileName'> & {
  /**
   * The revision the previous push for this batch ended at: `rows` are those changed after it. A screen that holds an
   * older revision missed a push (e.g. it came back after being away) and asks `tokens.batchStatus` once to catch up.
   */
  since: number;
};

export const tokenEvents = {
  'batch.progress': event<BatchProgress>(),
};

const batchId = z.object({ batchId: z.string().min(1) });
const ids = z.array(z.string().min(1)).min(1, { error: fieldMessage('validation.tokens.exportNone') }).max(100_000);

export const tokenChannels = {
  /** Operation 1: one stream access token. Errors about the stream come back as field errors on `stream`. */
  'tokens.create': channel<IssuedTokenView>()(streamTokenRequestSchema),
  /** Operation 3: a token bound to a stream and a user. */
  'tokens.createUserBound': channel<IssuedTokenView>()(userBoundRequestSchema),
  'tokens.history': channel<HistoryView>()(
    z.object({ search: z.string().max(200).default(''), limit: z.number().int().min(1).max(5000).default(500) }).optional(),
  ),
  'tokens.setNote': channel<IssuedTokenView>()(z.object({ id: z.string().min(1), note })),
  'tokens.clearHistory': channel<null>()(
    z.object({ confirm: z.literal(true, { error: fieldMessage('validation.tokens.clearConfirm') }) }),
  ),
  /** Undoes the last clear of the history (for 10 minutes, until another clear or the console closes). */
  'tokens.undoClearHistory': channel<null>()(z.undefined().optional()),
  'tokens.exportCsv': channel<CsvExport>()(z.object({ ids })),
  'tokens.batchStart': channel<BatchStatus>()(batchStartSchema),
  /**
   * A batch's status now, in one read: `since` keeps the answer to the rows changed after that revision. The screen
   * follows `batch.progress` events and reads this only to catch up (coming back to the screen, or a missed push).
   */
  'tokens.batchStatus': channel<BatchStatus>()(batchId.extend({ since: z.number().int().min(0).default(0) })),
  'tokens.batchCancel': channel<BatchStatus>()(batchId),
  /** Runs again only the rows without a token (failed or cancelled); succeeded rows are never re-issued. */
  'tokens.batchRetry': channel<BatchStatus>()(batchId),
  /** After the breaker paused a batch: runs the rows not tried yet. */
  'tokens.batchResume': channel<BatchStatus>()(batchId),
  'tokens.batchExportCsv': channel<CsvExport>()(batchId),
  /** The operator has seen an interrupted batch: it is no longer reported. */
  'tokens.dismissInterrupted': channel<null>()(batchId),
};
