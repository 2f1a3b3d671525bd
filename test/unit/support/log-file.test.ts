import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '../../../main/shared/log';
import { AppFailure } from '../../../main/shared/app-failure';
import { lastLogLines, LOG_FILES_KEPT, openLogFile } from '../../../main/shared/log-file';
import { effectiveLogLevel } from '../../../main/shared/log-level';

const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wd-log-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  log.setFile(null);
  log.setLevel(undefined);
  log.setSink((line) => process.stderr.write(line + '\n'));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const lines = (dir: string) =>
  readdirSync(join(dir, 'logs'))
    .sort()
    .flatMap((name) => readFileSync(join(dir, 'logs', name), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Waits until the folder's files stop changing (the buffered writes are on disk), however busy the machine is. */
async function settled(logs: string): Promise<void> {
  const snapshot = () => readdirSync(logs).map((name) => `${name}:${statSync(join(logs, name)).size}`).join();
  let last = '';
  let same = 0;
  for (let i = 0; i < 400 && same < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 15));
    const now = snapshot();
    same = now === last ? same + 1 : 0;
    last = now;
  }
}

describe('the log file', () => {
  it('writes one JSON line per event (time, level, area, message, error kind) through the secret scrub', async () => {
    const dir = folder();
    const file = await openLogFile(dir, 'info');
    log.setFile(file);
    log.setSink(() => undefined);
    const token = 'api-token-that-must-not-be-written-0123456789';
    log.redact(token);
    log.info('connect', `signed in with ${token}`);
    log.warn('platform', 'GET https://vms.example/api/v2/streams?token=abcdef123456 failed', new AppFailure('Offline', 'The server cannot be reached.'));
    log.error('storage', 'could not write', Object.assign(new Error('disk full'), { code: 'ENOSPC' }));
    await file.close();

    const written = lines(dir);
    expect(written).toHaveLength(3);
    expect(written[0]).toMatchObject({ level: 'info', area: 'connect', message: 'signed in with [redacted]' });
    expect(Date.parse(String(written[0]!.time))).not.toBeNaN();
    expect(written[1]).toMatchObject({ level: 'warn', area: 'platform', kind: 'Offline' });
    expect(String(written[1]!.message)).toContain('?token=[redacted]');
    expect(written[2]).toMatchObject({ level: 'error', kind: 'ENOSPC' });
    expect(readFileSync(join(dir, 'logs', readdirSync(join(dir, 'logs'))[0]!), 'utf8')).not.toContain(token);
    // Owner-only, like the database.
    expect(statSync(join(dir, 'logs')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'logs', readdirSync(join(dir, 'logs'))[0]!)).mode & 0o777).toBe(0o600);
  });

  it('drops lines below the level in force, and the environment variable wins over the setting', async () => {
    const dir = folder();
    const file = await openLogFile(dir, 'info');
    log.setFile(file);
    log.setSink(() => undefined);
    log.setLevel('warn');
    log.info('a', 'not written at warn');
    log.warn('a', 'written at warn');
    log.setLevel('debug');
    log.debug('a', 'written at debug');
    await file.close();
    expect(lines(dir).map((line) => line.message)).toEqual(['written at warn', 'written at debug']);

    expect(effectiveLogLevel({ WATCHDESK_LOG_LEVEL: 'ERROR' }, 'debug')).toBe('error');
    expect(effectiveLogLevel({ WATCHDESK_LOG_LEVEL: 'loud' }, 'debug')).toBe('debug');
    expect(effectiveLogLevel({}, undefined)).toBe('info');
  });

  it('stops writing the file, says so once, and keeps the process alive when the disk is full', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'logs'));
    // Every write to /dev/full fails with ENOSPC, as on a disk that filled up while the console ran.
    symlinkSync('/dev/full', join(dir, 'logs', 'watchdesk.1.log'));
    const said: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      said.push(String(chunk));
      return true;
    });
    try {
      const file = await openLogFile(dir, 'info');
      log.setFile(file);
      log.setSink(() => undefined);
      log.info('a', 'a line the disk has no room for');
      await vi.waitFor(() => expect(said.join('')).toContain('cannot be written (ENOSPC); log lines go to the terminal only.'));
      log.info('a', 'and another');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await file.close();
    } finally {
      stderr.mockRestore();
    }
    expect(said.filter((line) => line.includes('cannot be written'))).toHaveLength(1);
  });

  it('starts a new file past the size cap and keeps only the newest few', async () => {
    const dir = folder();
    const file = await openLogFile(dir, 'info');
    log.setFile(file);
    log.setSink(() => undefined);
    const filler = 'x'.repeat(2000);
    // 2 MB a file, 4 older ones kept: 15 MB of lines leave 5 files.
    for (let i = 0; i < 7500; i++) {
      log.info('fill', `${i} ${filler}`);
      // As a running console writes: bursts of lines with pauses in between, when the writes drain (pino-roll starts
      // the next file once they have; one endless burst would all land in one file).
      if (i % 250 === 249) await settled(join(dir, 'logs'));
    }
    await file.close();
    const names = readdirSync(join(dir, 'logs'));
    expect(names.length).toBe(LOG_FILES_KEPT + 1);
    for (const name of names) expect(name).toMatch(/^watchdesk\.\d+\.log$/);
    const last = await lastLogLines(join(dir, 'logs'), 3);
    expect(last.map((line) => (JSON.parse(line) as { message: string }).message.split(' ')[0])).toEqual(['7497', '7498', '7499']);
  }, 60_000);
});
