import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProfileStore } from '../../../main/profiles/profile-store';
import { migrateCaFile } from '../../../main/storage/legacy/ca-file';
import { startedStorage, storageAt } from '../../support/storage';
import { log } from '../../../main/shared/log';
import { createTestPki, type TestPki } from '../../support/test-pki';

let pki: TestPki;
let dataDir: string;
const lines: string[] = [];
beforeAll(() => {
  pki = createTestPki();
  log.setSink((line) => lines.push(line));
});
afterAll(() => log.setSink((line) => process.stderr.write(line + '\n')));
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'watchdesk-ca-migration-'));
  lines.length = 0;
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const now = new Date().toISOString();
function legacyProfile(name: string, caFile: string) {
  return { id: randomUUID(), name, baseUrl: 'https://vms.example.com', kind: 'server', tokenStyle: 'bearer', tls: { mode: 'ca', caFile }, timeoutMs: 15000, createdAt: now, updatedAt: now };
}

async function writeProfiles(profiles: unknown[]): Promise<void> {
  await writeFile(join(dataDir, 'profiles.json'), JSON.stringify({ version: 1, activeId: null, profiles }));
}

describe('profiles saved with a CA file path', () => {
  it('keep the certificate text when the file holds a valid certificate, and never name the path again', async () => {
    const caFile = join(dataDir, 'site-ca.pem');
    await writeFile(caFile, pki.caPem);
    const legacy = legacyProfile('Site', caFile);
    await writeProfiles([legacy]);

    const [profile] = await createProfileStore(await startedStorage(dataDir)).list();
    expect(profile).toMatchObject({ id: legacy.id, tls: { mode: 'ca', caPem: pki.caPem } });
    expect(profile!.caNeeded).toBeUndefined();
    // Taken in at once: the next start reads no path, and the earlier file is set aside.
    expect(existsSync(join(dataDir, 'profiles.json'))).toBe(false);
    await rm(caFile);
    expect((await createProfileStore(await startedStorage(dataDir)).list())[0]!.tls).toEqual({ mode: 'ca', caPem: pki.caPem });
  });

  it('are marked "CA needed" alike whether the path is missing, a folder, a key, garbage or too large', async () => {
    await mkdir(join(dataDir, 'folder'));
    await writeFile(join(dataDir, 'key.pem'), pki.caSigned.key);
    await writeFile(join(dataDir, 'notes.txt'), 'hello');
    await writeFile(join(dataDir, 'huge.pem'), Buffer.alloc(2 * 1024 * 1024, 0x41));
    const paths = ['/nonexistent/ca.pem', join(dataDir, 'folder'), join(dataDir, 'key.pem'), join(dataDir, 'notes.txt'), join(dataDir, 'huge.pem'), ''];
    const outcomes = await Promise.all(paths.map((path, index) => migrateCaFile(legacyProfile(`P${index}`, path))));
    for (const { entry, migration } of outcomes) {
      expect(migration).toBe('ca-needed');
      expect(entry).toMatchObject({ tls: { mode: 'system' }, caNeeded: true });
    }
    // Nothing tells one case from another: the same shape, the same log line.
    const shapes = outcomes.map(({ entry }) => {
      const { id: _id, name: _name, ...rest } = entry as Record<string, unknown>;
      return JSON.stringify(rest);
    });
    expect(new Set(shapes).size).toBe(1);

    await writeProfiles(paths.map((path, index) => legacyProfile(`P${index}`, path)));
    const profiles = await createProfileStore(await startedStorage(dataDir)).list();
    expect(profiles.map((p) => p.caNeeded)).toEqual(paths.map(() => true));
    const said = lines.filter((line) => line.includes('has to be chosen again'));
    expect(said).toHaveLength(paths.length);
    expect(said.join('\n')).not.toMatch(/nonexistent|folder|key\.pem|notes|huge/);
  });

  it('pass through untouched when they have no CA path', async () => {
    const entry = { tls: { mode: 'pin', sha256: 'AA' } };
    expect(await migrateCaFile(entry)).toEqual({ entry, migration: 'none' });
  });

  it('stay "CA needed" across other edits, until the trust itself is saved', async () => {
    await writeProfiles([legacyProfile('Site', '/nonexistent/ca.pem')]);
    const store = createProfileStore(await startedStorage(dataDir));
    const [profile] = await store.list();
    expect((await store.update(profile!.id, { name: 'Site renamed' })).caNeeded).toBe(true);
    expect((await store.update(profile!.id, { rpcMethod: 'Auth.CreateAccessToken' })).caNeeded).toBe(true);
    const fixed = await store.update(profile!.id, { tls: { mode: 'ca', caPem: pki.caPem } });
    expect(fixed.caNeeded).toBeUndefined();
    expect(fixed.tls).toEqual({ mode: 'ca', caPem: pki.caPem });
    expect((await createProfileStore(storageAt(dataDir)).get(profile!.id))!.caNeeded).toBeUndefined();
  });
});

describe('the profile store checks the certificates themselves', () => {
  it('refuses a text that looks like PEM but holds no X.509 certificate, next to the field', async () => {
    const fake = `-----BEGIN CERTIFICATE-----\n${Buffer.from('x'.repeat(90)).toString('base64')}\n-----END CERTIFICATE-----\n`;
    const store = createProfileStore(storageAt(dataDir));
    await expect(store.create({ name: 'Fake', baseUrl: 'https://f.example.com', tls: { mode: 'ca', caPem: fake } })).rejects.toMatchObject({
      appError: { kind: 'Validation', fieldErrors: { 'tls.caPem': [expect.stringMatching(/^Certificate 1 is not a readable X\.509 certificate/)] } },
    });
    expect(await store.list()).toEqual([]);
  });
});
