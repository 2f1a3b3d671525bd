import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../main/outbox/outbox';
import { importLegacyData, legacySources, migrations, openStorage } from '../../../main/storage';
import { createSealer } from '../../../main/storage/sealer';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { TemplateRepository } from '../../../main/storage/repositories/template-repository';

/** Made by the console before the database (see test/fixtures/legacy/onboarding/README.md). */
const FIXTURES = join(import.meta.dirname, '../../fixtures/legacy/onboarding');
const key = Buffer.from(readFileSync(join(FIXTURES, 'data-key.hex'), 'utf8').trim(), 'hex');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folderWithFixtures(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wd-legacy-onboarding-'));
  dirs.push(dir);
  for (const name of ['outbox.enc', 'camera-templates.json', 'camera-template-passwords.enc']) cpSync(join(FIXTURES, name), join(dir, name));
  return dir;
}

describe('taking in the outbox journal and the templates of the console before the database', () => {
  it('imports every entry and template once, sets the old files aside, and keeps what was cleared known', async () => {
    const dir = folderWithFixtures();
    const storage = openStorage({ folder: dir, migrations });
    const notices: string[] = [];
    await importLegacyData(storage, { dataDir: dir, getDataKey: async () => key }, legacySources, (sentence) => notices.push(sentence()));
    expect(notices).toEqual([]);
    expect(readdirSync(dir).filter((name) => !name.startsWith('watchdesk.db')).sort()).toEqual([
      'camera-template-passwords.enc.before-database',
      'camera-templates.json.before-database',
      'outbox.enc.before-database',
    ]);

    const repository = new OutboxRepository(storage, createSealer(key));
    const entries = repository.all();
    expect(entries.map((entry) => [entry.request.external_id, entry.state, entry.clearedAt !== null])).toEqual([
      ['legacy-queued', 'queued', false],
      ['legacy-sending', 'sending', false],
      ['legacy-created', 'created', false],
      ['legacy-cleared', 'created', true],
    ]);
    expect(entries[0]!.request.onvif_credentials?.password).toBe('queued-onvif-secret');
    expect(entries[2]!.response?.id).toBe(4242);
    expect(entries[3]!.recognisedByExternalId).toBe(true);
    // A camera cleared from the outbox stays known: by its MAC, and by its external id (the unique index).
    expect(repository.known('legacy-profile', { mac: '02-AA-00-00-00-03' })).toMatchObject({ kind: 'mac', state: 'created', cleared: true });
    expect(repository.insert([{ ...entries[3]!, id: 'another', clearedAt: null }]).refused).toEqual([0]);

    // The entry the journal had on the wire is retried as perhaps created, so its external id decides.
    const send = (_entry: unknown, signal: AbortSignal) => new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))));
    const outbox = new Outbox({ repository, send, baseDelayMs: 60_000 });
    await outbox.load();
    expect(outbox.get(entries[1]!.id)).toMatchObject({ maybeCreated: true });
    await outbox.dispose();

    const templates = new TemplateRepository(storage, createSealer(key)).list();
    expect(templates.map(({ template, password }) => [template.name, password])).toEqual([
      ['Depot gate', 'template-onvif-secret'],
      ['Yard', null],
    ]);

    // A second start finds nothing to take in: the old files are set aside, the rows are not doubled.
    await importLegacyData(storage, { dataDir: dir, getDataKey: async () => key }, legacySources, (sentence) => notices.push(sentence()));
    expect(repository.all()).toHaveLength(4);
    storage.close();
    expect(existsSync(join(dir, 'outbox.enc'))).toBe(false);
  });

  it('leaves the old files in place and says so when they cannot be read (another key)', async () => {
    const dir = folderWithFixtures();
    const storage = openStorage({ folder: dir, migrations });
    const notices: string[] = [];
    await importLegacyData(storage, { dataDir: dir, getDataKey: async () => Buffer.alloc(32, 7) }, legacySources, (sentence) => notices.push(sentence()));
    expect(notices.join(' ')).toMatch(/outbox.*could not be read/);
    expect(existsSync(join(dir, 'outbox.enc'))).toBe(true);
    expect(new OutboxRepository(storage, createSealer(key)).all()).toEqual([]);
    storage.close();
  });
});
