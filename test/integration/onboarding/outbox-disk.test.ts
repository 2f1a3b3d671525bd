import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild } from '../../support/bundle-child';

/**
 * The outbox on a full disk and in a read-only folder: the installer is told in words, nothing acknowledged is lost,
 * and once space returns new cameras are queued and kept across a restart. Needs root and unshare (private mount
 * namespaces, so the small tmpfs and the read-only bind go away with the child), as in CI.
 */
const canMount = process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;
let workDir: string;
let child: string;

type Answer = { ok: boolean; value?: unknown; error?: { kind: string; message: string } };
interface Report {
  acked: string[];
  refused?: { kind: string; message: string };
  import?: Answer;
  submit?: Answer[];
  listed?: string[];
}

function consoleOn(dataDir: string, mount: string, steps: string[]): Report {
  const out = execFileSync('unshare', ['-m', 'sh', '-c', `${mount} && exec "$0" "$1" "$2" "$3"`, process.execPath, child, dataDir, steps.join(',')], {
    env: { ...process.env, WATCHDESK_LOG: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Report;
}

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'wd-outbox-disk-'));
  child = await bundleChild('test/support/children/outbox-disk-child.ts', join(workDir, 'outbox-disk-child.mjs'));
}, 60_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe.skipIf(!canMount)('the outbox when the data folder cannot be written', () => {
  it('full disk: says the disk is full, loses nothing acknowledged, and queues again once space returns, kept across a restart', () => {
    const dataDir = mkdtempSync(join(workDir, 'full-'));
    const report = consoleOn(dataDir, `mount -t tmpfs -o size=2m tmpfs ${dataDir}`, ['submit', 'fill', 'submit-until-full', 'import', 'free', 'submit', 'list']);
    expect(report.refused).toMatchObject({ kind: 'StorageUnavailable' });
    expect(report.refused!.message).toBe(`The disk holding ${dataDir} is full, so this change was not saved (nothing saved before it is lost). Free some space on that disk and try again: Watchdesk saves again as soon as there is room.`);
    expect(report.import).toMatchObject({ ok: false, error: { kind: 'StorageUnavailable', message: report.refused!.message } });
    expect(report.submit!.map((answer) => answer.ok)).toEqual([true, true, true, true, true]);
    expect(report.acked.length).toBeGreaterThanOrEqual(10);
    const listed = new Set(report.listed);
    expect(report.acked.filter((id) => !listed.has(id))).toEqual([]);
    // Nothing refused was queued after all: the import's 200 rows are not there.
    expect(listed.size).toBe(report.acked.length);
    console.info(`full disk: ${report.acked.length - 5} cameras queued before the disk was full (5 before it was filled), 5 after space returned, all ${listed.size} there after a restart`);
  }, 120_000);

  it('read-only folder: the outbox still shows what it holds, and a new camera is refused with the folder and the reason', () => {
    const dataDir = mkdtempSync(join(workDir, 'ro-'));
    const first = consoleOn(dataDir, 'true', ['submit']);
    expect(first.acked).toHaveLength(5);
    const report = consoleOn(dataDir, `mount --bind ${dataDir} ${dataDir} && mount -o remount,ro,bind ${dataDir} ${dataDir}`, ['submit']);
    const answers = report.submit!;
    expect(answers.every((answer) => !answer.ok)).toBe(true);
    expect(answers[0]!.error).toMatchObject({ kind: 'StorageUnavailable' });
    expect(answers[0]!.error!.message).toContain(dataDir);
    expect(answers[0]!.error!.message).toMatch(/read-only/);
  }, 120_000);
});
