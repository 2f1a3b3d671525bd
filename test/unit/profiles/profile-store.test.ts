import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProfileStore, DEMO_PROFILE_NAME } from '../../../main/profiles/profile-store';
import { storageAt } from '../../support/storage';
import { DATABASE_FILE } from '../../../main/storage';
import { log } from '../../../main/shared/log';
import { failureOf } from '../../support/failure';

let dataDir: string;
const warnings: string[] = [];
beforeAll(() => log.setSink((line) => warnings.push(line)));
afterAll(() => log.setSink((line) => process.stderr.write(line + '\n')));
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'watchdesk-profiles-'));
  warnings.length = 0;
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const siteA = { name: 'Site A', baseUrl: 'https://a.example.com/' };
const siteB = { name: 'Site B', baseUrl: 'https://b.example.com' };

describe('profile store', () => {
  it('starts empty when there is no profiles.json', async () => {
    const store = createProfileStore(storageAt(dataDir));
    expect(await store.list()).toEqual([]);
    expect(await store.getActiveId()).toBeNull();
  });

  it('creates a profile with an id, timestamps and normalised fields', async () => {
    const profile = await createProfileStore(storageAt(dataDir)).create(siteA);
    expect(profile.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile).toMatchObject({ name: 'Site A', baseUrl: 'https://a.example.com', kind: 'server' });
    expect(profile.createdAt).toBe(profile.updatedAt);
  });

  it('saves profiles so a new store instance reads them back', async () => {
    const created = await createProfileStore(storageAt(dataDir)).create(siteA);
    expect(await createProfileStore(storageAt(dataDir)).get(created.id)).toEqual(created);
  });

  it('keeps every profile of concurrent saves in the database, and no other file', async () => {
    const store = createProfileStore(storageAt(dataDir));
    await Promise.all([store.create(siteA), store.create(siteB)]);
    expect((await readdir(dataDir)).filter((name) => !name.startsWith(DATABASE_FILE))).toEqual([]);
    expect(await createProfileStore(storageAt(dataDir)).list()).toHaveLength(2);
  });

  it('changes nothing in memory when a save cannot be committed', async () => {
    const storage = storageAt(dataDir);
    const store = createProfileStore(storage);
    const kept = await store.create(siteA);
    storage.close();
    await expect(store.create(siteB)).rejects.toThrow();
    await expect(store.update(kept.id, { name: 'Renamed' })).rejects.toThrow();
    expect((await store.list()).map((p) => p.name)).toEqual(['Site A']);
  });

  it('makes the first profile active', async () => {
    const store = createProfileStore(storageAt(dataDir));
    const first = await store.create(siteA);
    await store.create(siteB);
    expect(await store.getActiveId()).toBe(first.id);
  });

  it('switches the active profile', async () => {
    const store = createProfileStore(storageAt(dataDir));
    await store.create(siteA);
    const second = await store.create(siteB);
    await store.setActive(second.id);
    expect(await createProfileStore(storageAt(dataDir)).getActiveId()).toBe(second.id);
  });

  it('refuses to activate a profile that does not exist', async () => {
    expect((await failureOf(createProfileStore(storageAt(dataDir)).setActive(crypto.randomUUID()))).kind).toBe('NotFound');
  });

  it('answers null for an unknown id', async () => {
    expect(await createProfileStore(storageAt(dataDir)).get('missing')).toBeNull();
  });

  it('reports invalid input as field errors in sentences', async () => {
    const failure = await failureOf(createProfileStore(storageAt(dataDir)).create({ name: '', baseUrl: 'vms' }));
    expect(failure.kind).toBe('Validation');
    expect(failure.appError.fieldErrors).toEqual({
      name: ['Give this server a name.'],
      baseUrl: ['Enter a full address such as https://vms.example.com'],
    });
  });

  it('refuses a second profile with the same name', async () => {
    const store = createProfileStore(storageAt(dataDir));
    await store.create(siteA);
    const failure = await failureOf(store.create({ ...siteB, name: 'site a' }));
    expect(failure.kind).toBe('Conflict');
    expect(failure.appError.fieldErrors.name).toBeDefined();
  });

  it('refuses to create a demo profile by hand', async () => {
    const failure = await failureOf(createProfileStore(storageAt(dataDir)).create({ ...siteA, kind: 'demo' }));
    expect(failure.appError.fieldErrors.kind).toBeDefined();
  });

  it('updates only the fields it is given and keeps the creation time', async () => {
    const store = createProfileStore(storageAt(dataDir));
    const created = await store.create({ ...siteA, tokenStyle: 'query' });
    await new Promise((r) => setTimeout(r, 5));
    const updated = await store.update(created.id, { rpcMethod: 'Auth.CreateAccessToken' });
    expect(updated).toMatchObject({ name: 'Site A', tokenStyle: 'query', rpcMethod: 'Auth.CreateAccessToken' });
    expect(updated.createdAt).toBe(created.createdAt);
    expect(updated.updatedAt > created.updatedAt).toBe(true);
  });

  it('validates the result of an update', async () => {
    const store = createProfileStore(storageAt(dataDir));
    const created = await store.create(siteA);
    const failure = await failureOf(store.update(created.id, { timeoutMs: 10 }));
    expect(failure.appError.fieldErrors.timeoutMs).toBeDefined();
    expect((await store.get(created.id))?.timeoutMs).toBe(15000);
  });

  it('removes a profile and moves the active id to another', async () => {
    const store = createProfileStore(storageAt(dataDir));
    const first = await store.create(siteA);
    const second = await store.create(siteB);
    await store.remove(first.id);
    expect((await store.list()).map((p) => p.id)).toEqual([second.id]);
    expect(await store.getActiveId()).toBe(second.id);
  });

  it('clears the active id when the last profile is removed', async () => {
    const store = createProfileStore(storageAt(dataDir));
    const only = await store.create(siteA);
    await store.remove(only.id);
    expect(await store.getActiveId()).toBeNull();
  });

  it('never writes a token or password into the database', async () => {
    const storage = storageAt(dataDir);
    const store = createProfileStore(storage);
    await store.create({ ...siteA, playbackUrlTemplate: '{base}/{stream}?token={token}' });
    await failureOf(store.create({ ...siteB, baseUrl: 'https://user:pw-secret@b.example.com' }));
    storage.close();
    for (const name of (await readdir(dataDir)).filter((file) => file.startsWith(DATABASE_FILE))) {
      expect((await readFile(join(dataDir, name))).includes('pw-secret'), name).toBe(false);
    }
  });
});

describe('demo profile', () => {
  it('is created and made active when no other profile exists', async () => {
    const store = createProfileStore(storageAt(dataDir));
    const demo = await store.ensureDemoProfile('http://127.0.0.1:40001/');
    expect(demo).toMatchObject({ kind: 'demo', name: DEMO_PROFILE_NAME, baseUrl: 'http://127.0.0.1:40001' });
    expect(await store.getActiveId()).toBe(demo.id);
  });

  it('keeps its id and takes the new simulator address on the next start', async () => {
    const first = await createProfileStore(storageAt(dataDir)).ensureDemoProfile('http://127.0.0.1:40001');
    const store = createProfileStore(storageAt(dataDir));
    const second = await store.ensureDemoProfile('http://127.0.0.1:40002');
    expect(second.id).toBe(first.id);
    expect(second.baseUrl).toBe('http://127.0.0.1:40002');
    expect((await store.list()).filter((p) => p.kind === 'demo')).toHaveLength(1);
  });

  it('does not take over from a server profile', async () => {
    const store = createProfileStore(storageAt(dataDir));
    const server = await store.create(siteA);
    await store.ensureDemoProfile('http://127.0.0.1:40001');
    expect(await store.getActiveId()).toBe(server.id);
  });

  it('keeps its kind when updated', async () => {
    const store = createProfileStore(storageAt(dataDir));
    const demo = await store.ensureDemoProfile('http://127.0.0.1:40001');
    expect((await store.update(demo.id, { kind: 'server', timeoutMs: 5000 })).kind).toBe('demo');
  });
});

