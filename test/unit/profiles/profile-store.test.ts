import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProfileStore, DEMO_PROFILE_NAME } from '../../../main/profiles/profile-store';
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
    const store = createProfileStore(dataDir);
    expect(await store.list()).toEqual([]);
    expect(await store.getActiveId()).toBeNull();
  });

  it('creates a profile with an id, timestamps and normalised fields', async () => {
    const profile = await createProfileStore(dataDir).create(siteA);
    expect(profile.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile).toMatchObject({ name: 'Site A', baseUrl: 'https://a.example.com', kind: 'server' });
    expect(profile.createdAt).toBe(profile.updatedAt);
  });

  it('saves profiles so a new store instance reads them back', async () => {
    const created = await createProfileStore(dataDir).create(siteA);
    expect(await createProfileStore(dataDir).get(created.id)).toEqual(created);
  });

  it('writes profiles.json atomically, leaving no temporary files', async () => {
    const store = createProfileStore(dataDir);
    await Promise.all([store.create(siteA), store.create(siteB)]);
    expect(await readdir(dataDir)).toEqual(['profiles.json']);
    expect(await store.list()).toHaveLength(2);
  });

  it('makes the first profile active', async () => {
    const store = createProfileStore(dataDir);
    const first = await store.create(siteA);
    await store.create(siteB);
    expect(await store.getActiveId()).toBe(first.id);
  });

  it('switches the active profile', async () => {
    const store = createProfileStore(dataDir);
    await store.create(siteA);
    const second = await store.create(siteB);
    await store.setActive(second.id);
    expect(await createProfileStore(dataDir).getActiveId()).toBe(second.id);
  });

  it('refuses to activate a profile that does not exist', async () => {
    expect((await failureOf(createProfileStore(dataDir).setActive(crypto.randomUUID()))).kind).toBe('NotFound');
  });

  it('answers null for an unknown id', async () => {
    expect(await createProfileStore(dataDir).get('missing')).toBeNull();
  });

  it('reports invalid input as field errors in sentences', async () => {
    const failure = await failureOf(createProfileStore(dataDir).create({ name: '', baseUrl: 'vms' }));
    expect(failure.kind).toBe('Validation');
    expect(failure.appError.fieldErrors).toEqual({
      name: ['Give this server a name.'],
      baseUrl: ['Enter a full address such as https://vms.example.com'],
    });
  });

  it('refuses a second profile with the same name', async () => {
    const store = createProfileStore(dataDir);
    await store.create(siteA);
    const failure = await failureOf(store.create({ ...siteB, name: 'site a' }));
    expect(failure.kind).toBe('Conflict');
    expect(failure.appError.fieldErrors.name).toBeDefined();
  });

  it('refuses to create a demo profile by hand', async () => {
    const failure = await failureOf(createProfileStore(dataDir).create({ ...siteA, kind: 'demo' }));
    expect(failure.appError.fieldErrors.kind).toBeDefined();
  });

  it('updates only the fields it is given and keeps the creation time', async () => {
    const store = createProfileStore(dataDir);
    const created = await store.create({ ...siteA, tokenStyle: 'query' });
    await new Promise((r) => setTimeout(r, 5));
    const updated = await store.update(created.id, { rpcMethod: 'Auth.CreateAccessToken' });
    expect(updated).toMatchObject({ name: 'Site A', tokenStyle: 'query', rpcMethod: 'Auth.CreateAccessToken' });
    expect(updated.createdAt).toBe(created.createdAt);
    expect(updated.updatedAt > created.updatedAt).toBe(true);
  });

  it('validates the result of an update', async () => {
    const store = createProfileStore(dataDir);
    const created = await store.create(siteA);
    const failure = await failureOf(store.update(created.id, { timeoutMs: 10 }));
    expect(failure.appError.fieldErrors.timeoutMs).toBeDefined();
    expect((await store.get(created.id))?.timeoutMs).toBe(15000);
  });

  it('removes a profile and moves the active id to another', async () => {
    const store = createProfileStore(dataDir);
    const first = await store.create(siteA);
    const second = await store.create(siteB);
    await store.remove(first.id);
    expect((await store.list()).map((p) => p.id)).toEqual([second.id]);
    expect(await store.getActiveId()).toBe(second.id);
  });

  it('clears the active id when the last profile is removed', async () => {
    const store = createProfileStore(dataDir);
    const only = await store.create(siteA);
    await store.remove(only.id);
    expect(await store.getActiveId()).toBeNull();
  });

  it('never writes a token or password into profiles.json', async () => {
    const store = createProfileStore(dataDir);
    await store.create({ ...siteA, playbackUrlTemplate: '{base}/{stream}?token={token}' });
    await failureOf(store.create({ ...siteB, baseUrl: 'https://user:pw-secret@b.example.com' }));
    const file = await readFile(join(dataDir, 'profiles.json'), 'utf8');
    expect(file).not.toContain('pw-secret');
    expect(JSON.parse(file)).toEqual({ version: 1, activeId: expect.any(String), profiles: [expect.any(Object)] });
  });
});

describe('demo profile', () => {
  it('is created and made active when no other profile exists', async () => {
    const store = createProfileStore(dataDir);
    const demo = await store.ensureDemoProfile('http://127.0.0.1:40001/');
    expect(demo).toMatchObject({ kind: 'demo', name: DEMO_PROFILE_NAME, baseUrl: 'http://127.0.0.1:40001' });
    expect(await store.getActiveId()).toBe(demo.id);
  });

  it('keeps its id and takes the new simulator address on the next start', async () => {
    const first = await createProfileStore(dataDir).ensureDemoProfile('http://127.0.0.1:40001');
    const store = createProfileStore(dataDir);
    const second = await store.ensureDemoProfile('http://127.0.0.1:40002');
    expect(second.id).toBe(first.id);
    expect(second.baseUrl).toBe('http://127.0.0.1:40002');
    expect((await store.list()).filter((p) => p.kind === 'demo')).toHaveLength(1);
  });

  it('does not take over from a server profile', async () => {
    const store = createProfileStore(dataDir);
    const server = await store.create(siteA);
    await store.ensureDemoProfile('http://127.0.0.1:40001');
    expect(await store.getActiveId()).toBe(server.id);
  });

  it('keeps its kind when updated', async () => {
    const store = createProfileStore(dataDir);
    const demo = await store.ensureDemoProfile('http://127.0.0.1:40001');
    expect((await store.update(demo.id, { kind: 'server', timeoutMs: 5000 })).kind).toBe('demo');
  });
});

describe('damaged profiles.json', () => {
  it('is kept as a backup and the store starts empty, with a warning', async () => {
    await writeFile(join(dataDir, 'profiles.json'), '{ this is not json');
    const store = createProfileStore(dataDir);
    expect(await store.list()).toEqual([]);
    const files = await readdir(dataDir);
    const backup = files.find((f) => f.startsWith('profiles.json.corrupt-'));
    expect(backup).toBeDefined();
    expect(await readFile(join(dataDir, backup!), 'utf8')).toBe('{ this is not json');
    expect(warnings.join('\n')).toMatch(/WARN \[profiles\].*damaged/);
  });

  it('does not stop new profiles from being saved', async () => {
    await writeFile(join(dataDir, 'profiles.json'), '[1, 2, 3]');
    const store = createProfileStore(dataDir);
    const created = await store.create(siteA);
    expect(await createProfileStore(dataDir).get(created.id)).toEqual(created);
  });

  it('drops only the entries that cannot be read, after keeping a backup', async () => {
    const good = await createProfileStore(dataDir).create(siteA);
    const path = join(dataDir, 'profiles.json');
    const file = JSON.parse(await readFile(path, 'utf8'));
    file.profiles.push({ id: 'broken', name: '' });
    await writeFile(path, JSON.stringify(file));
    expect(await createProfileStore(dataDir).list()).toEqual([good]);
    expect((await readdir(dataDir)).some((f) => f.startsWith('profiles.json.corrupt-'))).toBe(true);
  });

  it('is backed up only once, not on every start', async () => {
    await writeFile(join(dataDir, 'profiles.json'), 'garbage');
    await createProfileStore(dataDir).list();
    await createProfileStore(dataDir).list();
    expect((await readdir(dataDir)).filter((f) => f.startsWith('profiles.json.corrupt-'))).toHaveLength(1);
  });
});
