import { z } from 'zod';
import { fieldMessage } from './messages/field-message';
import { channel } from './channel';
import { saidSchema } from './said';
import { event } from './event';
import { cameraCreateRequestSchema, type CameraCreateRequest, type CameraCreateResponse } from './wire/platform';

/**
 * Camera onboarding (operation 4, `POST /api/v2/billing/cameras`): the wizard, templates, bulk import and the
 * outbox every submission goes through. Requests cross the door in the spec's own shape; main checks them again
 * with the same rules the wizard uses (camera/camera-draft.ts) before anything is queued.
 */

export const MAX_IMPORT_BATCH = 10_000;

/**
 * Where an entry is. `queued`: waiting its turn; `sending`: a request is on the wire; `retrying`: the server could
 * not be reached or its answer was lost, tried again at `nextAttemptAt`; `needs-fixing`: the server refused values
 * (422), reopen it in the wizard; `held`: refused for a reason the installer must settle first (token, permission);
 * `created`: the camera exists (from the 201, or recognised by its external id after a lost answer).
 */
export const outboxStates = ['queued', 'sending', 'retrying', 'needs-fixing', 'held', 'created'] as const;
export type OutboxState = (typeof outboxStates)[number];

/**
 * What an entry keeps of the 201 answer: the fields the result view, the outbox and the list of created cameras show.
 * The platform's answer may carry many more (the wire schema keeps unknown fields); each entry is written to the
 * encrypted journal after its answer and kept in memory, so the rest is left out. A journal written with whole answers
 * still reads (the extra fields are dropped).
 */
export const createdAnswerSchema = z.object({
  id: z.int(),
  status: z.string(),
  name: z.string(),
  is_archive_recording: z.boolean(),
  archive_storage_days: z.int(),
  network_device: z.object({ mac: z.string(), serial_number: z.string() }),
  folder: z.object({ id: z.int(), key: z.string() }),
});
export type CreatedAnswer = z.infer<typeof createdAnswerSchema>;

/** The part of a 201 answer an entry keeps (see `createdAnswerSchema`). */
export function createdAnswerOf(response: CameraCreateResponse): CreatedAnswer {
  return {
    id: response.id,
    status: response.status,
    name: response.name,
    is_archive_recording: response.is_archive_recording,
    archive_storage_days: response.archive_storage_days,
    network_device: { mac: response.network_device.mac, serial_number: response.network_device.serial_number },
    folder: { id: response.folder.id, key: response.folder.key },
  };
}

export const outboxEntrySchema = z.object({
  id: z.string().min(1),
  profileId: z.string(),
  profileName: z.string(),
  request: cameraCreateRequestSchema,
  state: z.enum(outboxStates),
  /** Requests sent so far (a crash mid-send counts). */
  attempts: z.int().min(0),
  /** True once a request may have reached the server without us learning the answer. */
  maybeCreated: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime().nullable(),
  /** The last failure: a sentence for people, its kind, details for support. */
  /** The last refusal; `said` keeps how main said it, so the reason reads in the language shown now. */
  lastError: z.object({ kind: z.string(), message: z.string(), said: saidSchema.optional(), details: z.string().optional() }).nullable(),
  /** The server's 422 field errors, keyed by request path. */
  fieldErrors: z.record(z.string(), z.array(z.string())),
  /** From the 201 answer (the part the screens show); null until created, or when recognised by its external id. */
  response: createdAnswerSchema.nullable(),
  /** Created, known from the server's "external_id has already been taken" after an answer was lost. */
  recognisedByExternalId: z.boolean(),
  /** The camera id the server named in the 422 that recognised it (null when that answer did not say it). */
  recognisedCameraId: z.int().nullable().optional(),
  /** The bulk import the entry came from, if any. */
  importId: z.string().nullable(),
  /** A created entry the installer cleared from the outbox; it stays in the list of created cameras. */
  clearedAt: z.iso.datetime().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export interface OutboxSummary {
  queued: number;
  sending: number;
  retrying: number;
  needsFixing: number;
  held: number;
  /** Created and still listed in the outbox ("Clear created" takes them off; the created list keeps them). */
  created: number;
  /** Entries not yet created and not waiting for the installer. */
  pending: number;
  /** The server could not be reached on the last try. */
  offline: boolean;
  /** When the next automatic try happens, if one is scheduled. */
  nextAttemptAt: string | null;
  /** No keychain: entries live in memory and are lost when Watchdesk closes. */
  sessionOnly: boolean;
  /** Set when the saved outbox could not be read (the screen says so; nothing is overwritten). */
  unreadable: string | null;
}

export interface OutboxView {
  /** Newest first (the latest 300 at most); the ONVIF password masked. */
  entries: OutboxEntry[];
  /** How many entries the outbox shows in all (more than `entries` holds when it is long). */
  total?: number;
  summary: OutboxSummary;
  /** After a remove or "Clear created": what `onboarding.undo` takes to bring it back. */
  undo?: string;
}

/** A camera this console created, as the results list shows it (no secrets). */
export const createdCameraSchema = z.object({
  entryId: z.string(),
  externalId: z.string().nullable(),
  name: z.string(),
  mac: z.string(),
  serialNumber: z.string(),
  /** From the 201 answer; null when the camera was recognised by its external id (the answer was lost). */
  cameraId: z.int().nullable(),
  /** Why the camera id is not known (recognised after a lost answer whose 422 did not name it); null when known. */
  cameraIdUnknown: z.string().nullable().optional(),
  status: z.string().nullable(),
  folder: z.object({ id: z.int().nullable(), key: z.string() }).nullable(),
  groupId: z.int().nullable(),
  groupKey: z.string().nullable(),
  isArchiveRecording: z.boolean().nullable(),
  archiveStorageDays: z.int().nullable(),
  service: z.string().nullable(),
  recognisedByExternalId: z.boolean(),
  createdAt: z.iso.datetime(),
  profileName: z.string(),
});
export type CreatedCamera = z.infer<typeof createdCameraSchema>;

/** Placement, access and recording saved under a name; a new camera starts from it. */
export const templateSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1, { error: fieldMessage('validation.onboarding.templateNameRequired') }).max(100, { error: fieldMessage('validation.common.nameUnder100') }),
  /** The request fields a template carries (placement, access, recording, service); identity is never part of it. */
  values: cameraCreateRequestSchema.omit({ name: true, mac: true, serial_number: true, external_id: true }),
  updatedAt: z.iso.datetime(),
});
export type CameraTemplate = z.infer<typeof templateSchema>;

/** A tree element and its private folders, as the built-in demo server holds them. */
export interface KnownPlacement {
  id: number;
  key: string;
  name: string;
  folders: Array<{ id: number; key: string; name: string }>;
}

export interface Suggestions {
  /** Tree elements used in recent successful creates and in templates, newest first. */
  groups: Array<{ by: 'id' | 'key'; value: string }>;
  folders: Array<{ by: 'id' | 'key'; value: string }>;
  services: string[];
  /**
   * When the active server is the built-in demo server: the tree elements (with folders) it knows, so a first-time
   * user can place a camera without reading the simulator's seed. Empty for any other server (the spec shows no way
   * to list them).
   */
  demoPlacements: KnownPlacement[];
}

export interface SubmitResult {
  entry: OutboxEntry;
  /** What happened to a "Create now": created, refused (see entry.fieldErrors), or left in the outbox to retry. */
  outcome: 'created' | 'needs-fixing' | 'queued' | 'held';
}

export interface ImportStatus {
  importId: string;
  total: number;
  created: number;
  needsFixing: number;
  held: number;
  /** Still to be sent or being sent. */
  waiting: number;
  cancelled: number;
  /** Rows not queued because the camera already exists (queued or created from this console). */
  skipped?: number;
  done: boolean;
  /**
   * Counts up with every change main tells about this import (the start's answer, each push, a cancel): a screen keeps
   * the highest it has seen and drops anything older (a push can overtake a call's answer, and the other way round).
   */
  rev: number;
  /** Takes `onboarding.undo` after a cancel: brings the cancelled cameras back. */
  undo?: string;
}

export interface CreatedList {
  cameras: CreatedCamera[];
  total: number;
  matched: number;
}

export interface CsvFile {
  csv: string;
  filename: string;
  rows: number;
}

const entryId = z.object({ id: z.string().min(1, { error: fieldMessage('validation.onboarding.entryRequired') }) });
const search = z.string().max(200).default('');

export const onboardingChannels = {
  /**
   * Queues a camera in the outbox (`send: 'now'` waits for the first answer, up to a few seconds). With `entryId`,
   * replaces that entry's request (a fix after a 422); the entry keeps its external id history.
   */
  'onboarding.submit': channel<SubmitResult>()(
    z.object({
      request: cameraCreateRequestSchema,
      send: z.enum(['now', 'outbox']).default('outbox'),
      entryId: z.string().min(1).optional(),
    }),
  ),
  /**
   * Waits for the first answer to an entry already in the outbox (the wizard's "Create now", after saving it). A
   * cancelled wait leaves the entry in the outbox, which goes on sending it.
   */
  'onboarding.awaitAnswer': channel<SubmitResult>()(entryId),
  'onboarding.suggestions': channel<Suggestions>()(z.undefined().optional()),
  'onboarding.templates': channel<CameraTemplate[]>()(z.undefined().optional()),
  'onboarding.saveTemplate': channel<CameraTemplate>()(
    z.object({ id: z.string().min(1).optional(), name: templateSchema.shape.name, values: templateSchema.shape.values }),
  ),
  /** Answers what `onboarding.undo` takes to bring the template back. */
  'onboarding.deleteTemplate': channel<{ undo: string }>()(entryId),
  /** Templates as a JSON file (passwords included only when asked: the file leaves the encrypted store). */
  'onboarding.exportTemplates': channel<{ json: string; filename: string; count: number }>()(
    z.object({ includePasswords: z.boolean().default(false) }),
  ),
  'onboarding.importTemplates': channel<CameraTemplate[]>()(
    z.object({ json: z.string().max(5_000_000, { error: fieldMessage('validation.onboarding.templateFileTooLarge') }) }),
  ),
  /** Queues the valid rows of a bulk import (checked again here); its progress is pushed as `onboarding.importProgress`. */
  'onboarding.importStart': channel<ImportStatus>()(
    z.object({
      /**
       * Rows whose camera exists (queued or created from this console, by MAC, serial or external id): `refuse`
       * queues nothing and says why per row; `skip` queues only the new ones; `create-again` queues the new ones and
       * those created before (an external id already used gets a new one), and skips those still in the outbox
       * (queued, sending, waiting, to be fixed): they are on their way, and a second entry would be a second camera.
       */
      existing: z.enum(['refuse', 'skip', 'create-again']).default('refuse'),
      /**
       * Each row is checked against the wire schema by main, a slice at a time (`requests.<row>.<field>` on a
       * problem): 10,000 rows checked here in one go held main's event loop for a quarter of a second.
       */
      requests: z
        .array(z.custom<CameraCreateRequest>((row) => typeof row === 'object' && row !== null && !Array.isArray(row)))
        .min(1, { error: fieldMessage('validation.onboarding.importEmpty') })
        .max(MAX_IMPORT_BATCH, { error: fieldMessage('validation.onboarding.importTooMany') }),
    }),
  ),
  /**
   * An import's counts now. The screen follows `onboarding.importProgress` pushes and asks this only to catch up
   * (it came back to the import, or its event stream fell behind and was told `events.resync`).
   */
  'onboarding.importStatus': channel<ImportStatus>()(z.object({ importId: z.string().min(1) })),
  /** The newest import still running, for a page opened (or reloaded) while it runs; null when none runs. */
  'onboarding.runningImport': channel<ImportStatus | null>()(z.undefined().optional()),
  /** Takes the import's entries that were not sent yet out of the outbox; sent ones finish. */
  'onboarding.importCancel': channel<ImportStatus>()(z.object({ importId: z.string().min(1) })),
  'onboarding.created': channel<CreatedList>()(z.object({ search, limit: z.int().min(1).max(20_000).default(2_000) }).optional()),
  'onboarding.exportCreatedCsv': channel<CsvFile>()(z.object({ search })),
  'outbox.list': channel<OutboxView>()(z.undefined().optional()),
  /** The counts the header's sync indicator shows (pushed as `outbox.changed` too). */
  'outbox.summary': channel<OutboxSummary>()(z.undefined().optional()),
  /** One entry with its password (to reopen it in the wizard). */
  'outbox.get': channel<OutboxEntry>()(entryId),
  'outbox.retry': channel<OutboxView>()(z.object({ id: z.string().min(1).optional() })),
  'outbox.discard': channel<OutboxView>()(entryId),
  'outbox.clearCreated': channel<OutboxView>()(z.undefined().optional()),
  /** Reverses the remove, cancel, clear or template delete whose answer gave this `undo`. */
  'onboarding.undo': channel<{ restored: number }>()(z.object({ undo: z.string().min(1).max(200) })),
};

/**
 * `outbox.changed`: pushed after every outbox change (throttled): the header's sync indicator and the outbox view follow
 * it. `onboarding.importProgress`: an import's counts whenever they change (at most as often as the outbox tells a
 * change, about ten a second), until the push that says it is done; the import screen follows it instead of asking.
 */
export const onboardingEvents = {
  'outbox.changed': event<OutboxSummary>(),
  'onboarding.importProgress': event<ImportStatus>(),
};

export type { CameraCreateRequest, CameraCreateResponse };
