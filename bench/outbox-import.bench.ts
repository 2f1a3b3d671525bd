// Outbox figures with a large outbox, in the console's main process (createApp and the real registry, the built-in
// demo server's profile with its server gone, so the outbox holds everything and probes on its backoff):
//   import-10k-with-50k-queued-longest-task-ms: with 50,000 cameras already queued, one 10,000-row import (the
//     `onboarding.importStart` call as the renderer makes it: its input checked, every row checked with the wizard's
//     rules and against the cameras already there through the database's index, then queued in committed slices).
//     The longest the event loop was blocked meanwhile: the maximum of perf_hooks' monitorEventLoopDelay (1 ms
//     resolution) and of a 1 ms timer's lateness, from the call to its answer; the worst of 3 runs.
//   cheap-call-p99-during-import-ms: `app.info` called every 5 ms through the registry during those imports; the
//     99th percentile of its latency (worst run).
//   storage-commit-p99-ms: one acknowledged change on this machine's disk: a camera saved to the outbox
//     (`onboarding.submit`, send: outbox: checked, sealed, one transaction committed with synchronous=FULL in WAL
//     mode), 300 in a row with 50,000+ queued; the 99th percentile of the call's time.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApp } from '../main/app/create-app';
import { createRegistry } from '../main/ipc/registry';
import { log } from '../main/shared/log';
import { createVault } from '../main/secrets/vault';
import type { CameraCreateRequest } from '../preload/contract/onboarding';
import { memoryKeychain } from '../test/support/fake-keychain';
import { isMain, percentile, report } from './report';

const QUEUED = 50_000;
const IMPORT = 10_000;

let macCounter = 0;
function rows(count: number, group: string, folder: string): CameraCreateRequest[] {
  return Array.from({ length: count }, () => {
    const n = ++macCounter;
    const mac = `02:30:${((n >> 24) & 255).toString(16).padStart(2, '0')}:${((n >> 16) & 255).toString(16).padStart(2, '0')}:${((n >> 8) & 255).toString(16).padStart(2, '0')}:${(n & 255).toString(16).padStart(2, '0')}`;
    return {
      name: `Bench camera ${n}`,
      mac,
      serial_number: `SN-${n}`,
      external_id: randomUUID(),
      group_external_id: group,
      folder_key: folder,
      onvif_credentials: { login: 'admin', password: `pw-${n}`, port: 80 },
      streams: [{ type: 'high', is_archive_enabled: true, archive_storage_days: 30, archive_recording_type: 'fulltime' }],
    };
  });
}

async function main(): Promise<void> {
  log.setQuiet(true);
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-import-'));
  const app = await createApp({ dataDir, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null }, vault: createVault({ service: 'watchdesk-bench-import', backend: memoryKeychain() }) });
  const registry = createRegistry(app.handlers, { isTrustedSender: () => true });
  const call = async (channel: string, input?: unknown) => {
    const answer = (await registry.call(channel, input, { transport: 'test' })) as { ok: boolean; value?: unknown; error?: unknown };
    if (!answer.ok) throw new Error(`${channel}: ${JSON.stringify(answer.error).slice(0, 400)}`);
    return answer.value;
  };
  const demo = app.demoServer!;
  const folderEntry = [...demo.state.foldersByKey.values()][0]!;
  const group = demo.state.treeById.get(folderEntry.group_id)!.key;
  const folder = folderEntry.key;
  // The site's server is gone: everything stays queued, the outbox probes now and then.
  await demo.close();

  for (let queued = 0; queued < QUEUED; queued += IMPORT) await call('onboarding.importStart', { requests: rows(IMPORT, group, folder) });
  await new Promise((resolve) => setTimeout(resolve, 500));

  // The same two monitors for 2 s with nothing running: what this machine's load alone does to the event loop.
  {
    const idle = monitorEventLoopDelay({ resolution: 1 });
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    idle.disable();
    process.stdout.write(`# idle, no import: event-loop delay max ${(idle.max / 1e6).toFixed(1)} ms, p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms\n`);
  }

  const longest: number[] = [];
  const cheapP99: number[] = [];
  for (let run = 0; run < 3; run++) {
    const file = rows(IMPORT, group, folder);
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    let late = 0;
    let expected = performance.now() + 1;
    let ticking = true;
    const tick = () => {
      const now = performance.now();
      late = Math.max(late, now - expected);
      expected = now + 1;
      if (ticking) setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
    const cheap: number[] = [];
    let calling = true;
    const cheapLoop = (async () => {
      while (calling) {
        const started = performance.now();
        await call('app.info');
        cheap.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    histogram.enable();
    const started = performance.now();
    await call('onboarding.importStart', { requests: file });
    const took = performance.now() - started;
    histogram.disable();
    ticking = false;
    calling = false;
    await cheapLoop;
    const blocked = Math.max(histogram.max / 1e6, late);
    longest.push(blocked);
    cheapP99.push(percentile(cheap, 99));
    process.stdout.write(`# run ${run + 1}: import of ${IMPORT} took ${took.toFixed(0)} ms with ${QUEUED + run * IMPORT} queued; longest block ${blocked.toFixed(1)} ms (event-loop delay max ${(histogram.max / 1e6).toFixed(1)}, timer lateness ${late.toFixed(1)}); ${cheap.length} cheap calls, p99 ${percentile(cheap, 99).toFixed(1)} ms\n`);
  }
  report('import-10k-with-50k-queued-longest-task-ms', Math.max(...longest), 'ms');
  report('cheap-call-p99-during-import-ms', Math.max(...cheapP99), 'ms');

  const commits: number[] = [];
  for (const request of rows(300, group, folder)) {
    const started = performance.now();
    await call('onboarding.submit', { request, send: 'outbox' });
    commits.push(performance.now() - started);
  }
  process.stdout.write(`# one camera saved: median ${percentile(commits, 50).toFixed(2)} ms, p90 ${percentile(commits, 90).toFixed(2)} ms, p99 ${percentile(commits, 99).toFixed(2)} ms\n`);
  report('storage-commit-p99-ms', percentile(commits, 99), 'ms');
  await app.dispose();
  rmSync(dataDir, { recursive: true, force: true });
}

if (isMain(import.meta.url)) await main();
