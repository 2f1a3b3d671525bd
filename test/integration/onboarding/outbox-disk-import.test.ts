import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild } from '../../support/bundle-child';

/**
 * An import the disk fills up under: its first slices are queued (and sent) before the disk refuses the rest. Needs
 * root and unshare (a private mount namespace for the small tmpfs), as in CI.
 */
const canMount = process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;
let workDir: string;
let child: string;

interface Report {
  answer: { ok: boolean; error?: { kind: string; message: string } };
  running: { total: number; done: boolean } | null;
  queuedAfterRestart: number;
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'wd-outbox-disk-import-'));
  child = await bundleChild('test/support/children/outbox-disk-import-child.ts', join(workDir, 'outbox-disk-import-child.mjs'));
}, 60_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe.skipIf(!canMount)('an import when the disk fills up part-way', () => {
  it('says how many of its cameras were queued before the disk was full, and a reloaded page finds that import', () => {
    const dataDir = mkdtempSync(join(workDir, 'data-'));
    const out = execFileSync('unshare', ['-m', 'sh', '-c', `mount -t tmpfs -o size=4m tmpfs ${dataDir} && exec "$0" "$1" "$2" "$3"`, process.execPath, child, dataDir, String(200 * 1024)], {
      env: { ...process.env, WATCHDESK_LOG: 'silent' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    const report = JSON.parse(out.trim().split('\n').pop()!) as Report;
    expect(report.answer.ok).toBe(false);
    expect(report.answer.error!.kind).toBe('StorageUnavailable');
    expect(report.answer.error!.message).toMatch(new RegExp(`^The disk holding ${dataDir} is full`));
    const said = /The first (\d+) of the 1,000 cameras were queued before that and are being sent\./.exec(report.answer.error!.message);
    expect(said, report.answer.error!.message).not.toBeNull();
    const queued = Number(said![1]);
    expect(queued).toBeGreaterThan(0);
    expect(report.queuedAfterRestart).toBe(queued);
    expect(report.running).toMatchObject({ total: queued });
    console.info(`disk full part-way through an import of 1,000: ${queued} queued before it, told so, all there after a restart`);
  }, 120_000);
});
