import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CameraTemplate } from '../../../preload/contract/onboarding';
import { createTemplateStore } from '../../../main/onboarding/template-store';
import { createEncryptedJsonStore } from '../../../main/secrets/crypto';
import { createVault, type Vault } from '../../../main/secrets/vault';
import { log } from '../../../main/shared/log';
import { failureOf } from '../../support/failure';
import { memoryKeychain } from '../../support/fake-keychain';

beforeAll(() => log.setQuiet(true));
afterAll(() => log.setQuiet(false));

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

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

  it('keeps the ONVIF password encrypted at rest, never in plaintext on disk', async () => {
    const dir = dataDir();
    const store = createTemplateStore(dir, savedVault());
    await store.save({ name: 'Depot gate', values: values() });
    expect(readdirSync(dir).sort()).toEqual(['camera-template-passwords.enc', 'camera-templates.json']);
    expect(JSON.parse(readFileSync(join(dir, 'camera-templates.json'), 'utf8')).templates[0].values.onvif_credentials).toEqual({ login: 'admin', port: 80 });
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

  it('deletes a template with its password, and says so when it is already gone', async () => {
    const dir = dataDir();
    const vault = savedVault();
    const store = createTemplateStore(dir, vault);
    const gone = await store.save({ name: 'Depot gate', values: values() });
    const kept = await store.save({ name: 'Yard', values: values('yard-password') });
    await store.remove(gone.id);
    expect((await store.list()).map((t) => t.id)).toEqual([kept.id]);
    expect((await failureOf(store.remove(gone.id))).kind).toBe('NotFound');
    // The password went with it: the encrypted passwords file holds only the kept template's.
    const passwords = createEncryptedJsonStore(join(dir, 'camera-template-passwords.enc'), z.record(z.string(), z.string()), () => vault.getDataKey());
    expect(await passwords.read()).toEqual({ [kept.id]: 'yard-password' });
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
    expect(readdirSync(dir)).toEqual(['camera-templates.json']);
    expect(everythingOnDisk(dir).includes(Buffer.from(PASSWORD))).toBe(false);
    const afterRestart = await createTemplateStore(dir, vault).list();
    expect(afterRestart.map((t) => [t.id, t.values.onvif_credentials])).toEqual([[saved.id, { login: 'admin', port: 80 }]]);
  });
});
