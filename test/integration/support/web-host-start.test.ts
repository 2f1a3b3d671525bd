import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import pkg from '../../../package.json' with { type: 'json' };
import { DATA_FOLDER_LOCK_FILE } from '../../../main/storage/data-folder-lock';

const root = join(import.meta.dirname, '..', '..', '..');
const cli = join(root, 'dist', 'web', 'cli.js');
const work = mkdtempSync(join(tmpdir(), 'wd-web-start-'));
const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Host {
  child: ChildProcess;
  origin: string;
  exited: Promise<number | null>;
  output: () => string;
}

/** The bundled host (as `npm run web` runs it, without the rebuild check), until it prints its address or ends. */
function startHost(dataDir: string, extra: string[] = []): Promise<Host | { code: number | null; output: string }> {
  if (!existsSync(cli)) throw new Error('run `npm run build` before this test');
  const child = spawn(process.execPath, [cli, '--data-dir', dataDir, ...extra], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, WATCHDESK_LOG: 'silent' } });
  running.push(child);
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const origin = /(http:\/\/127\.0\.0\.1:\d+)\/\?secret=/.exec(output)?.[1];
      if (origin) resolve({ child, origin, exited, output: () => output });
    });
    void exited.then((code) => resolve({ code, output }));
  });
}

async function stop(host: Host): Promise<void> {
  host.child.kill('SIGINT');
  await host.exited;
}

describe('the web host at start', () => {
  it('refuses a second host on the same data folder with a sentence naming the running one, and exits 1', async () => {
    const dataDir = join(work, 'shared');
    const first = await startHost(dataDir);
    if (!('child' in first)) throw new Error(`the first host did not start: ${first.output}`);
    try {
      const lock = JSON.parse(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')) as { pid: number; address: string | null };
      expect(lock.pid).toBe(first.child.pid);
      expect(JSON.stringify(lock)).not.toContain('secret');

      const second = await startHost(dataDir);
      if ('child' in second) throw new Error('a second host started on the same folder');
      expect(second.code).toBe(1);
      expect(second.output).toContain(`Another Watchdesk web host (process ${first.child.pid}, ${first.origin}) is already using the data folder ${dataDir}.`);
      expect(second.output).not.toMatch(/\n\s+at /);

      // Another folder is another host's business.
      const other = await startHost(join(work, 'other'));
      if (!('child' in other)) throw new Error(`a host on another folder did not start: ${other.output}`);
      await stop(other);
    } finally {
      await stop(first);
    }
    expect(existsSync(join(dataDir, DATA_FOLDER_LOCK_FILE))).toBe(false);
  }, 60_000);

  it('refuses a folder the desktop app is using, naming it, and leaves its lock alone', async () => {
    const dataDir = join(work, 'desktop');
    spawnSync('mkdir', ['-p', dataDir]);
    // This test's own process stands in for a running desktop app: alive, and not the host's.
    const desktopLock = JSON.stringify({ host: 'electron', pid: process.pid, address: null, startedAt: '2026-11-26T09:00:00.000Z' });
    writeFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), desktopLock);
    const outcome = await startHost(dataDir);
    if ('child' in outcome) {
      await stop(outcome);
      throw new Error('a web host started on the desktop app\'s folder');
    }
    expect(outcome.code).toBe(1);
    expect(outcome.output).toContain(`The Watchdesk desktop app (process ${process.pid}) is already using the data folder ${dataDir}. Close it first`);
    expect(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')).toBe(desktopLock);
  }, 60_000);

  it('takes over the lock a host that is gone left behind', async () => {
    const dataDir = join(work, 'stale');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout);
    rmSync(dataDir, { recursive: true, force: true });
    spawnSync('mkdir', ['-p', dataDir]);
    writeFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), JSON.stringify({ pid: deadPid, address: 'http://127.0.0.1:1', startedAt: '2026-01-01T00:00:00.000Z' }));
    const host = await startHost(dataDir);
    if (!('child' in host)) throw new Error(`the host did not take the stale lock over: ${host.output}`);
    try {
      expect((JSON.parse(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')) as { pid: number }).pid).toBe(host.child.pid);
    } finally {
      await stop(host);
    }
  }, 60_000);

  it('refuses an unknown --log-level in words', async () => {
    const outcome = await startHost(join(work, 'level'), ['--log-level', 'loud']);
    expect('child' in outcome).toBe(false);
    if (!('child' in outcome)) {
      expect(outcome.code).toBe(2);
      expect(outcome.output).toContain('--log-level takes debug, info, warn or error, not "loud".');
    }
  });
});

describe('the right Node, or a sentence', () => {
  const systemNode = '/usr/bin/node';
  const systemMajor = existsSync(systemNode) ? Number(spawnSync(systemNode, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout) : null;

  it.skipIf(systemMajor === null || systemMajor >= 24)('`npm run web` on the system Node says which Node it needs and how to run the bundled one, and exits 1', () => {
    const run = spawnSync(systemNode, [join(root, 'scripts', 'web.mjs'), '--data-dir', join(work, 'old-node')], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Watchdesk's web host needs Node 24 or newer, and this is Node ${systemMajor}.`);
    expect(run.stderr).toContain('node_modules/.bin/node scripts/web.mjs');
    expect(run.stdout).toBe('');
    expect(existsSync(join(work, 'old-node'))).toBe(false);
  });

  it('asks for the Node that package.json names', () => {
    const script = readFileSync(join(root, 'scripts', 'web.mjs'), 'utf8');
    const required = Number(/REQUIRED_NODE_MAJOR = (\d+)/.exec(script)?.[1]);
    expect(pkg.engines.node).toBe(`>=${required}`);
    expect(Number(pkg.devDependencies.node.split('.')[0])).toBeGreaterThanOrEqual(required);
  });
});
