import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { cleanLeftoverTempFiles, readFileIfExists } from '../../../main/shared/atomic-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'watchdesk-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
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
