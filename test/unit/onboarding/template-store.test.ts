import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CameraTemplate } from '../../../preload/contract/onboarding';
import { createTemplateStore as createStore } from '../../../main/onboarding/template-store';
import { createVault, type Vault } from '../../../main/secrets/vault';
import { createSealerSource, migrations, openStorage, type Storage } from '../../../main/storage';
import { log } from '../../../main/shared/log';
import { failureOf } from '../../support/failure';
import { memoryKeychain } from '../../support/fake-keychain';

beforeAll(() => log.setQuiet(true));
afterAll(() => log.setQuiet(false));

const dirs: string[] = [];
const opened: Storage[] = [];
afterEach(() => {
  for (const storage of opened.splice(0)) storage.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The store over the folder's database (opened again for each store, as a restart would). */
function createTemplateStore(dir: string, vault: Vault) {
  const storage = openStorage({ folder: dir, migrations });
  opened.push(storage);
  return createStore(storage, vault, createSealerSource(() => vault.getDataKey()));
}

/** Everything in the folder, the database's side files included, after a checkpoint. */
function closeAll(): void {
  for (const storage of opened.splice(0)) storage.close();
}

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wd-templates-'));
  dirs.push(dir);
  return dir;
}

const PASSWORD = 'onvif-template-secret';

function values(password: string | null = PASSWORD, days = 30): CameraTemplate['values'] {
  return {
    group_external_id: 'site-riga-depot',
    folder_key: 'fld-0503',
    is_user_owner: false,
    onvif_credentials: { login: 'admin', ...(password === null ? {} : { password }), port: 80 },
    streams: [{ type: 'high', is_archive_enabled: true, archive_storage_days: days, archive_recording_type: 'fulltime' }],
  };
}

/** Every byte Watchdesk wrote into the data folder, to look for a password in plaintext. */
function everythingOnDisk(dir: string): Buffer {
  return Buffer.concat(readdirSync(dir).map((name) => readFileSync(join(dir, name))));
}

function savedVault(): Vault {
  return createVault({ service: 'templates-test', backend: memoryKeychain() });
}

describe('camera template store', () => {
  it('saves a template and lists it with its password', async () => {
    const store = createTemplateStore(dataDir(), savedVault());
    const saved = await store.save({ name: '  Depot gate  ', values: values() });
    expect(saved).toMatchObject({ name: 'Depot gate', values: values() });
    expect(await store.list()).toEqual([saved]);
  });

  it('keeps the ONVIF password sealed at rest, never in plaintext on disk (database, WAL and shared memory)', async () => {
    const dir = dataDir();
    const store = createTemplateStore(dir, savedVault());
    await store.save({ name: 'Depot gate', values: values() });
    expect(everythingOnDisk(dir).includes(Buffer.from(PASSWORD))).toBe(false);
    expect(everythingOnDisk(dir).includes(Buffer.from('site-riga-depot'))).toBe(true);
    closeAll();
    expect(everythingOnDisk(dir).includes(Buffer.from(PASSWORD))).toBe(false);
  });

  it('overwrites a template saved under the same id (rename, new values, new or no password)', async () => {
    const store = createTemplateStore(dataDir(), savedVault());
    const first = await store.save({ name: 'Depot gate', values: values() });
    const other = await store.save({ name: 'Yard', values: values('yard-password') });
    const renamed = await store.save({ id: first.id, name: 'Depot north gate', values: values('new-password', 14) });
    expect((await store.list()).map((t) => [t.id, t.name, t.values.onvif_credentials?.password, t.values.streams?.[0]?.archive_storage_days])).toEqual([
      [first.id, 'Depot north gate', 'new-password', 14],
      [other.id, 'Yard', 'yard-password', 30],
    ]);
    await store.save({ id: renamed.id, name: 'Depot north gate', values: values(null) });
    expect((await store.list())[0]!.values.onvif_credentials).toEqual({ login: 'admin', port: 80 });
  });

  it('deletes a template, says so when it is already gone, and can undo the last delete with its password', async () => {
    const dir = dataDir();
    const vault = savedVault();
    const store = createTemplateStore(dir, vault);
    const gone = await store.save({ name: 'Depot gate', values: values() });
    const kept = await store.save({ name: 'Yard', values: values('yard-password') });
    await store.remove(gone.id);
    expect((await store.list()).map((t) => t.id)).toEqual([kept.id]);
    expect((await failureOf(store.remove(gone.id))).kind).toBe('NotFound');
    expect(await store.undoRemove(gone.id)).toBe(true);
    expect((await store.list()).map((t) => [t.id, t.values.onvif_credentials?.password])).toEqual([
      [gone.id, PASSWORD],
      [kept.id, 'yard-password'],
    ]);
    // A later delete forgets the one before: only the last delete can be undone.
    await store.remove(gone.id);
    await store.remove(kept.id);
    expect(await store.undoRemove(gone.id)).toBe(false);
  });

  it('survives a restart: a new store over the same folder and keychain reads them all back', async () => {
    const dir = dataDir();
    const vault = savedVault();
    const store = createTemplateStore(dir, vault);
    await store.save({ name: 'Depot gate', values: values() });
    await store.save({ name: 'Yard', values: values('yard-password', 7) });
    expect(await createTemplateStore(dir, vault).list()).toEqual(await store.list());
  });

  it('in session-only mode keeps passwords in memory only: nothing secret is written, a restart has none', async () => {
    const dir = dataDir();
    const vault = savedVault();
    vault.useSessionOnly();
    const store = createTemplateStore(dir, vault);
    const saved = await store.save({ name: 'Depot gate', values: values() });
    expect((await store.list())[0]!.values.onvif_credentials?.password).toBe(PASSWORD);
    expect(everythingOnDisk(dir).includes(Buffer.from(PASSWORD))).toBe(false);
    const afterRestart = await createTemplateStore(dir, vault).list();
    expect(afterRestart.map((t) => [t.id, t.values.onvif_credentials])).toEqual([[saved.id, { login: 'admin', port: 80 }]]);
  });
});
