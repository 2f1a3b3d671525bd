import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { registerSecret } from '../../../main/shared/secret-scrub';
import { CRASH_RECORDS_KEPT, writeCrashRecord } from '../../../main/support/crash-record-writer';
import { readCrashRecords } from '../../../main/support/crash-records';
import { sourceMappedStack } from '../../../main/support/source-mapped-stack';

const root = join(import.meta.dirname, '..', '..', '..');
const work = mkdtempSync(join(tmpdir(), 'wd-crash-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('crash records', () => {
  it('map a bundled stack back to the TypeScript source line, through the map beside the bundle', async () => {
    const sourceDir = join(work, 'main', 'thing');
    mkdirSync(sourceDir, { recursive: true });
    const source = join(sourceDir, 'broken.ts');
    writeFileSync(source, ['export interface Shape { n: number }', '', 'export function explode(shape: Shape): never {', "  throw new Error(`bad shape ${shape.n}`);", '}', ''].join('\n'));
    const bundle = join(work, 'dist', 'bundle.js');
    buildSync({ entryPoints: [source], bundle: true, format: 'esm', platform: 'node', minify: true, sourcemap: true, outfile: bundle, logLevel: 'silent' });
    // Thrown in a plain Node process: the test runner (and tsx) would map stacks themselves.
    const program = `const { explode } = await import(${JSON.stringify(pathToFileURL(bundle).href)}); try { explode({ n: 3 }); } catch (error) { process.stdout.write(error.stack); }`;
    const stack = spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' }).stdout;
    expect(stack).toContain('bundle.js:1:');
    const mapped = sourceMappedStack(stack);
    expect(mapped).toContain('main/thing/broken.ts:4:');
    expect(mapped).not.toContain('bundle.js');
    // A frame without a map stays as it was.
    expect(sourceMappedStack('Error: x\n    at run (node:internal/x.js:10:5)')).toBe('Error: x\n    at run (node:internal/x.js:10:5)');
  });

  it('are written scrubbed of registered secrets and ?token= values, and only the newest are kept', () => {
    const dataDir = join(work, 'scrubbed');
    const secret = 'crash-test-api-token-0123456789abcdef';
    registerSecret(secret);
    const file = writeCrashRecord(dataDir, { kind: 'unhandled-rejection', host: 'web', error: new Error(`request with ${secret} to /x?token=streamsecret123 failed`) });
    expect(file).not.toBeNull();
    const text = readFileSync(file!, 'utf8');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('streamsecret123');
    const [record] = readCrashRecords(dataDir);
    expect(record).toMatchObject({ kind: 'unhandled-rejection', host: 'web', name: 'Error', message: 'request with [redacted] to /x?token=[redacted] failed' });

    for (let i = 0; i < CRASH_RECORDS_KEPT + 5; i++) writeCrashRecord(dataDir, { kind: 'uncaught-exception', host: 'web', error: new Error(`n${i}`) }, new Date(Date.UTC(2030, 0, 1, 0, 0, i)));
    expect(readdirSync(join(dataDir, 'crashes'))).toHaveLength(CRASH_RECORDS_KEPT);
    expect(readCrashRecords(dataDir, 1)[0]?.message).toBe(`n${CRASH_RECORDS_KEPT + 4}`);
  });

  it('are written for an uncaught exception and an unhandled rejection, and the process keeps running', () => {
    const dataDir = join(work, 'guarded');
    const program = `
      const { installCrashGuard } = await import(${JSON.stringify(join(root, 'main', 'support', 'crash-guard.ts'))});
      const { log } = await import(${JSON.stringify(join(root, 'main', 'shared', 'log.ts'))});
      log.setQuiet(true);
      installCrashGuard({ dataDir: ${JSON.stringify(dataDir)}, host: 'web', onRecorded: (file, kind) => process.stdout.write('recorded ' + kind + '\\n') });
      setTimeout(() => { throw new TypeError('thrown in a timer'); }, 0);
      Promise.reject(new Error('rejected and never caught'));
      setTimeout(() => process.stdout.write('still running\\n'), 100);
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    expect(child.status).toBe(0);
    expect(child.stdout).toContain('recorded unhandled-rejection');
    expect(child.stdout).toContain('recorded uncaught-exception');
    expect(child.stdout.trim().split('\n').at(-1)).toBe('still running');
    const records = readCrashRecords(dataDir);
    expect(records.map((record) => `${record.kind} ${record.name}: ${record.message}`).sort()).toEqual([
      'uncaught-exception TypeError: thrown in a timer',
      'unhandled-rejection Error: rejected and never caught',
    ]);
  });
});
