import { join } from 'node:path';
import { z } from 'zod';
import { outboxEntrySchema, templateSchema, type CameraTemplate, type OutboxEntry } from '../../../preload/contract/onboarding';
import { cameraCreateRequestSchema } from '../../../preload/contract/wire/platform';
import { queuedEntry } from '../../outbox/outbox-state';
import { decryptJson } from '../../secrets/crypto';
import { readFileIfExists } from '../../shared/atomic-file';
import { log } from '../../shared/log';
import { OutboxRepository } from '../repositories/outbox-repository';
import { TemplateRepository } from '../repositories/template-repository';
import { createSealer } from '../sealer';
import type { LegacySource } from './legacy-import';

// The outbox journal as the console wrote it before the database (outbox.enc): records of `uint32 length | AES-GCM
// blob` under the data key, replayed in order. Only reading is kept, to take it in once.

const entryChangeSchema = outboxEntrySchema
  .pick({ id: true, state: true, attempts: true, updatedAt: true })
  .extend(outboxEntrySchema.pick({ maybeCreated: true, nextAttemptAt: true, lastError: true, fieldErrors: true, response: true, recognisedByExternalId: true, clearedAt: true }).partial().shape);
const UNCHANGED = { maybeCreated: false, nextAttemptAt: null, lastError: null, fieldErrors: {}, response: null, recognisedByExternalId: false, clearedAt: null } as const;

const recordSchema = z.union([
  z
    .object({
      type: z.literal('queued'),
      at: z.iso.datetime(),
      profileId: z.string(),
      profileName: z.string(),
      importId: z.string().nullable(),
      ids: z.array(z.string().min(1)),
      requests: z.array(cameraCreateRequestSchema),
    })
    .refine((record) => record.ids.length === record.requests.length, { message: 'as many ids as requests' }),
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('put'), entries: z.array(outboxEntrySchema) }),
    z.object({ type: z.literal('update'), changes: z.array(entryChangeSchema) }),
    z.object({ type: z.literal('remove'), ids: z.array(z.string()) }),
    z.object({ type: z.literal('dispatch'), ids: z.array(z.string()) }),
  ]),
]);
type OutboxRecord = z.infer<typeof recordSchema>;

function replay(records: OutboxRecord[]): OutboxEntry[] {
  const entries = new Map<string, OutboxEntry>();
  const dispatched = new Set<string>();
  /** Any record that writes an entry (or removes it) says it is no longer on the wire. */
  const write = (id: string, entry: OutboxEntry | null): void => {
    if (entry) entries.set(id, entry);
    else entries.delete(id);
    dispatched.delete(id);
  };
  for (const record of records) {
    if (record.type === 'queued') {
      const meta = { profileId: record.profileId, profileName: record.profileName, importId: record.importId };
      record.ids.forEach((id, i) => write(id, queuedEntry(id, record.requests[i]!, meta, record.at)));
    } else if (record.type === 'put') {
      for (const entry of record.entries) write(entry.id, entry);
    } else if (record.type === 'update') {
      for (const change of record.changes) {
        const entry = entries.get(change.id);
        if (entry) write(change.id, { ...entry, ...UNCHANGED, ...change });
      }
    } else if (record.type === 'dispatch') {
      for (const id of record.ids) dispatched.add(id);
    } else {
      for (const id of record.ids) write(id, null);
    }
  }
  // Dispatched and not written since: perhaps on the wire when the process ended (the outbox retries it, maybe created).
  return [...entries.values()].map((entry) => (dispatched.has(entry.id) && (entry.state === 'queued' || entry.state === 'retrying') ? { ...entry, state: 'sending' } : entry));
}

/** The journal's entries; a record cut short at the end by a crash is left out, as the old store did. */
export function readOutboxJournal(bytes: Buffer, key: Buffer): OutboxEntry[] {
  const records: OutboxRecord[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const remaining = bytes.length - offset;
    const length = remaining >= 4 ? bytes.readUInt32BE(offset) : Number.POSITIVE_INFINITY;
    if (4 + length > remaining) {
      log.warn('storage', `outbox.enc: an incomplete last record (${remaining} bytes) was left out`);
      break;
    }
    records.push(decryptJson(key, bytes.subarray(offset + 4, offset + 4 + length), 'watchdesk:outbox', recordSchema, 'outbox.enc', 'a record'));
    offset += 4 + length;
  }
  return replay(records);
}

export const OUTBOX_JOURNAL = 'outbox.enc';

export const legacyOutbox: LegacySource = {
  name: 'outbox',
  files: [OUTBOX_JOURNAL],
  async read({ dataDir, getDataKey }) {
    const bytes = await readFileIfExists(join(dataDir, OUTBOX_JOURNAL));
    if (bytes === null) return null;
    const key = await getDataKey();
    const entries = readOutboxJournal(bytes, key);
    return (storage) => {
      new OutboxRepository(storage, createSealer(key)).insert(entries);
    };
  },
};

const TEMPLATES = 'camera-templates.json';
const PASSWORDS = 'camera-template-passwords.enc';

/** Camera templates (a plain JSON file) and their ONVIF passwords (an encrypted JSON file beside it). */
export const legacyTemplates: LegacySource = {
  name: 'camera templates',
  files: [TEMPLATES, PASSWORDS],
  async read({ dataDir, getDataKey }) {
    const file = await readFileIfExists(join(dataDir, TEMPLATES));
    const sealed = await readFileIfExists(join(dataDir, PASSWORDS));
    if (file === null && sealed === null) return null;
    const templates: CameraTemplate[] = file === null ? [] : z.object({ version: z.literal(1), templates: z.array(templateSchema) }).parse(JSON.parse(file.toString('utf8'))).templates;
    const key = await getDataKey();
    const passwords = sealed === null ? {} : decryptJson(key, sealed, `watchdesk:${PASSWORDS}`, z.record(z.string(), z.string()), PASSWORDS);
    return (storage) => {
      const repository = new TemplateRepository(storage, createSealer(key));
      for (const template of templates) {
        const password = passwords[template.id];
        const creds = template.values.onvif_credentials;
        repository.save(password === undefined || !creds ? template : { ...template, values: { ...template.values, onvif_credentials: { ...creds, password } } });
      }
    };
  },
};
