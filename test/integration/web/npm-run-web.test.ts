import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from 'undici';

const root = join(import.meta.dirname, '..', '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'wd-npm-run-web-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run web` as package.json runs it: the script itself, by the project's Node. */
function startWeb(folder = dataDir): Promise<{ url: string; stop: () => Promise<void>; exited: Promise<number | null>; output: () => string }> {
  const child = spawn(process.execPath, [join(root, 'scripts', 'web.mjs'), '--data-dir', folder], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+\/\?secret=\S+/.exec(output)?.[0];
      if (url)
        resolve({
          url,
          exited,
          output: () => output,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGINT');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`npm run web ended (${code}) before printing its address:\n${output}`)));
  });
}

describe('npm run web', () => {
  it('builds what changed, then serves the console from the bundled host', async () => {
    const web = await startWeb();
    try {
      expect(existsSync(join(root, 'dist', 'web', 'cli.js'))).toBe(true);
      const page = await request(web.url);
      expect(page.statusCode).toBe(200);
      expect(await page.body.text()).toContain('<div id="app"');
    } finally {
      await web.stop();
    }
  }, 120_000);

  it('answers a call waiting for a start that fails with a sentence naming the folder, says it on the terminal, and ends', async () => {
    // A data folder inside a file: it can be neither read nor made.
    const file = join(dataDir, 'a-file');
    writeFileSync(file, 'not a folder');
    const folder = join(file, 'data');
    const web = await startWeb(folder);
    const { origin, searchParams } = new URL(web.url);
    const call = await request(`${origin}/ipc/app.info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-watchdesk-secret': searchParams.get('secret')! },
      body: '{}',
    });
    expect(call.statusCode).toBe(503);
    const answer = (await call.body.json()) as { ok: boolean; error: { message: string; retryable: boolean } };
    expect(answer.ok).toBe(false);
    expect(answer.error.message).toContain('The console could not start');
    expect(answer.error.message).toContain(folder);
    expect(answer.error.retryable).toBe(false);
    expect(await web.exited).toBe(1);
    expect(web.output()).toContain(`Check that the data folder ${folder} can be read and written`);
    expect(web.output()).not.toMatch(/\n\s+at /);
  }, 120_000);

  it('builds nothing on the next start when no source changed', () => {
    const check = spawnSync(process.execPath, [join(root, 'scripts', 'build-if-changed.mjs'), 'renderer', 'web'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(check.status).toBe(0);
    expect(check.stdout).toBe('');
  }, 60_000);
});
