import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../main/simulator/index';
import { call } from './http';

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

/** Collects the child's stdout until `pattern` shows up. */
function waitFor(proc: ChildProcess, pattern: RegExp, output: { text: string }): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; got:\n${output.text}`)), 15_000);
    const check = (): void => {
      const match = pattern.exec(output.text);
      if (match) {
        clearTimeout(timer);
        proc.stdout?.off('data', onData);
        resolve(match);
      }
    };
    const onData = (chunk: Buffer): void => {
      output.text += chunk.toString();
      check();
    };
    proc.stdout?.on('data', onData);
    check();
  });
}

describe('standalone simulator', () => {
  it('prints its base URL and API token, then one line per request without token values', async () => {
    const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
    child = spawn(tsx, ['main/simulator/cli.ts', '--port', '0', '--seed', '42', '--hooks'], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
    const output = { text: '' };
    const [, baseUrl] = await waitFor(child, /Base URL:\s+(\S+)/, output);
    const [, token] = await waitFor(child, /API token:\s+(\S+)/, output);
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await call({ baseUrl: baseUrl ?? '' }, 'GET', '/api/admin/v1/dashboard', { token: token ?? '', tokenForm: 'query' });
    expect(res.status).toBe(200);
    const [line] = await waitFor(child, /GET \/api\/admin\/v1\/dashboard\S* -> 200[^\n]*/, output);
    expect(line).toContain('token=***');
    expect(line).not.toContain(token);
  });

  it('reports one line per request through onRequest', async () => {
    const lines: string[] = [];
    const sim = await startSimulator({ onRequest: (line) => lines.push(line) });
    try {
      await call(sim, 'GET', '/api/admin/v1/dashboard', { token: sim.apiToken });
      await call(sim, 'GET', '/nope');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^GET \/api\/admin\/v1\/dashboard -> 200 /);
      expect(lines[1]).toMatch(/^GET \/nope -> 404 /);
    } finally {
      await sim.close();
    }
  });
});
