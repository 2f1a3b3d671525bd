import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from 'undici';

const root = join(import.meta.dirname, '..', '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'wd-npm-run-web-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run web` as package.json runs it: the script itself, by the project's Node. */
function startWeb(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(root, 'scripts', 'web.mjs'), '--data-dir', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+\/\?secret=\S+/.exec(output)?.[0];
      if (url)
        resolve({
          url,
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

  it('builds nothing on the next start when no source changed', () => {
    const check = spawnSync(process.execPath, [join(root, 'scripts', 'build-if-changed.mjs'), 'renderer', 'web'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(check.status).toBe(0);
    expect(check.stdout).toBe('');
  }, 60_000);
});
