// What a 200 MB answer costs the host: a server (in a child process, so its own buffers are not counted) answers every
// request with a 200 MB chunked body; the console's web host, in a process of its own started as `npm run web` starts
// it (bench/dashboard-host.ts: the bundled host, its answer thread too, with the host's memory settings), is asked
// for the dashboard and for a camera-agent device three times each, as the page asks it.
// huge-answer-200mb-host-rss-mb is the host process's peak resident memory from its start to the end of those calls
// (the kernel's VmHWM: the true peak, not a sample; absolute, the loaded app included);
// huge-answer-200mb-host-rss-growth-mb is that peak minus the resident memory just before the first call. Every call
// must end with the size sentence; a bench that sees anything else fails.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MB, startHostileServer } from '../test/integration/platform/hostile-server';
import { startDashboardHost } from './dashboard-host';
import { isMain, report } from './report';

const CHILD_ENV = 'WATCHDESK_HUGE_ANSWER_CHILD';
const BYTES = 200 * MB;
const ROUNDS = 3;

async function serve(): Promise<void> {
  const server = await startHostileServer();
  server.answer = { kind: 'huge', bytes: BYTES };
  process.stdout.write(`${server.baseUrl}\n`);
}

async function startChild(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, [CHILD_ENV]: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return {
    baseUrl: line.trim(),
    async close() {
      child.kill();
      await once(child, 'exit');
    },
  };
}

export async function run(): Promise<void> {
  const server = await startChild();
  const host = await startDashboardHost([{ name: 'Huge', baseUrl: server.baseUrl, apiToken: 'huge-answer-bench-token' }]);
  try {
    const calls = [
      () => host.call('dashboard.get', { period: { preset: 'today', timezone: 'Europe/Berlin' } }),
      () => host.call('agents.lookup', { id: '17' }),
    ];
    const before = (await host.read()).rss;
    for (let round = 0; round < ROUNDS; round++) {
      for (const call of calls) {
        const result = await call();
        if (result.ok || !/^The server sent more than \d+ MB for .+; nothing was kept\.$/.test(result.error.message)) {
          throw new Error(`a 200 MB answer was not refused with the size sentence: ${JSON.stringify(result).slice(0, 300)}`);
        }
      }
    }
    const reading = await host.read();
    process.stdout.write(`# host before the first call ${(before / MB).toFixed(0)} MB; at its peak: ${reading.atPeak}\n`);
    report('huge-answer-200mb-host-rss-mb', reading.peakRss / MB, 'MB');
    report('huge-answer-200mb-host-rss-growth-mb', (reading.peakRss - before) / MB, 'MB');
  } finally {
    await host.close();
    await server.close();
  }
}

if (process.env[CHILD_ENV]) await serve();
else if (isMain(import.meta.url)) await run();
