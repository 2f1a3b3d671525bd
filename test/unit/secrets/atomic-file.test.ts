import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { cleanLeftoverTempFiles, readFileIfExists, writeFileAtomic } from '../../../main/shared/atomic-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'watchdesk-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('replaces the content of an existing file', async () => {
    const path = join(dir, 'state.json');
    await writeFile(path, 'old content that is longer than the new one');
    await writeFileAtomic(path, 'new');
    expect(await readFile(path, 'utf8')).toBe('new');
  });

  it('leaves no temporary files behind', async () => {
    const path = join(dir, 'state.json');
    await writeFileAtomic(path, 'one');
    await writeFileAtomic(path, Buffer.from('two'));
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('creates the folder when it does not exist', async () => {
    const path = join(dir, 'nested', 'deeper', 'file.bin');
    await writeFileAtomic(path, Buffer.from([1, 2, 3]));
    expect([...(await readFile(path))]).toEqual([1, 2, 3]);
  });

  it.skipIf(process.platform === 'win32')('gives a private file mode 0600 when asked', async () => {
    const path = join(dir, 'secret.bin');
    await writeFileAtomic(path, 'x', { mode: 0o600 });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('keeps the last of several concurrent writes whole', async () => {
    const path = join(dir, 'race.txt');
    const values = Array.from({ length: 20 }, (_, i) => String(i).repeat(1000));
    await Promise.all(values.map((v) => writeFileAtomic(path, v)));
    expect(values).toContain(await readFile(path, 'utf8'));
    expect(await readdir(dir)).toEqual(['race.txt']);
  });

  it('removes its temporary file when the rename fails', async () => {
    const target = join(dir, 'is-a-folder');
    await writeFileAtomic(join(target, 'inside'), 'x');
    await expect(writeFileAtomic(target, 'cannot replace a folder')).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['is-a-folder']);
  });
});

describe('readFileIfExists', () => {
  it('returns null for a missing file', async () => {
    expect(await readFileIfExists(join(dir, 'missing.json'))).toBeNull();
  });

  it('returns the bytes of an existing file', async () => {
    const path = join(dir, 'present.txt');
    await writeFile(path, 'hello');
    expect((await readFileIfExists(path))?.toString('utf8')).toBe('hello');
  });
});

describe('leftover temp files', () => {
  it('removes the temp files of writers that are gone and keeps those of a running writer and other files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wd-tmpclean-'));
    const dead = `.profiles.json.999999999.a1b2c3d4e5f6.tmp`;
    const alive = `.profiles.json.${process.pid}.0123456789ab.tmp`;
    for (const name of [dead, alive, 'profiles.json', 'notes.tmp']) writeFileSync(join(dir, name), 'x');
    expect(await cleanLeftoverTempFiles(dir)).toEqual([dead]);
    expect(readdirSync(dir).sort()).toEqual([alive, 'notes.tmp', 'profiles.json'].sort());
  });

  it('also clears the feature folders (a watch list written by a process killed mid-write)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wd-tmpclean-'));
    mkdirSync(join(dir, 'agents'));
    const dead = `.watch-lists.json.999999999.a1b2c3d4e5f6.tmp`;
    writeFileSync(join(dir, 'agents', dead), 'x');
    writeFileSync(join(dir, 'agents', 'watch-lists.json'), '{}');
    expect(await cleanLeftoverTempFiles(dir)).toEqual([join('agents', dead)]);
    expect(readdirSync(join(dir, 'agents'))).toEqual(['watch-lists.json']);
  });
});
