// The analytics editor's drawing canvas in Debian Chromium through the web host (real composition root, handler
// registry, built renderer), the drag the issue names: a point of a 200-point zone, dragged with the mouse.
//
// The drag is real input: Playwright's mouse (CDP Input.dispatchMouseEvent) presses on the zone's first point,
// moves 60 times along a loop (one pointermove per step, as a hand on a mouse gives one per frame) and releases.
// Two warm-up drags, then five measured drags: 300 pointer events count.
//
// - analytics-drag-frame-ms: the p95 of each measured drag, the worst drag's (never a median or a pooled figure that a
//   good drag could pull down), of the time from the pointer event to the frame that shows it,
//   painted. It starts when Chromium dispatches the pointermove (a capture listener on window, the first code that
//   runs for the event, reads performance.now()) and ends in a task posted from a requestAnimationFrame callback
//   requested after the canvas's own handler ran: that task runs once the frame holding the update has been through
//   the canvas's handler and any animation-frame work it queued, Svelte's DOM update, style, layout, paint and the
//   commit to the compositor. When the update waits for the next frame, the wait counts. It does not include
//   raster and compositing on Chromium's other threads (headless, --disable-gpu) or the display's vsync.
// - analytics-drag-frame-median-ms: the median of the same over all measured drags' events.
// - analytics-drag-input-latency-ms: the worst drag's p95 from the event's own timestamp (when the browser received the input) to
//   the same end: adds the time the event waited for a frame to be dispatched in (rAF-aligned input), up to a frame.
// - analytics-drag-dom-writes-per-frame: DOM mutations inside the canvas per pointer event while the button is
//   held (a MutationObserver on the canvas's stage, all its SVG layers: attributes, child lists, text), a count that does not depend on the load.
// - analytics-drag-json-writes: how many times the JSON text box changed during the measured drags (it should
//   change once per drag, when the point is dropped: 5).
//
// A stale renderer is rebuilt before anything is timed, and waits for the page stretch with the machine's load
// (bench/ui-support.ts); the load is printed beside the figures. Leaves out the page load and the warm-up drags.
//
// BENCH_PROFILE=<file.cpuprofile> also writes a CPU profile of the measured drags (CDP Profiler) and prints the
// functions with the most self time; BENCH_TRACE=<file.json> writes a Chromium trace of them and prints the renderer
// main thread's time per event name (style, layout, paint, script), to see what a frame spends outside JavaScript.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { createApp } from '../main/app/create-app';
import { createRegistry } from '../main/ipc/registry';
import { createVault } from '../main/secrets/vault';
import { log } from '../main/shared/log';
import { startWebHost } from '../main/web/host';
import { isMain, median, percentile, report } from './report';
import { ensureRendererBuilt, loadLine, scaleWaits } from './ui-support';

const root = join(import.meta.dirname, '..');
const POINTS = 200;
const WARM_UP = 2;
const ROUNDS = 5;
const STEPS = 60;

function bodyWithZone(): string {
  const points = Array.from({ length: POINTS }, (_, i) => {
    const angle = (2 * Math.PI * i) / POINTS;
    return [Number((0.5 + 0.35 * Math.cos(angle)).toFixed(4)), Number((0.5 + 0.35 * Math.sin(angle)).toFixed(4))];
  });
  return JSON.stringify({ CaseType: 'intrusion-detection', CameraGroupUid: 'cg-1', Source: { Uid: 'cam-1', Url: 'rtsp://cam-1' }, Pipeline: { Areas: [{ Points: points }], Fences: [] } });
}

// Page-side code is a string: the bench's TypeScript loader would wrap named functions in a helper the page lacks.
/** Installs the probe: per pointermove, [from dispatch, from the event's timestamp] to the frame that shows it. */
const installProbe = `(() => {
  const svg = document.querySelector('svg[role="application"]');
  const json = document.getElementById('task-json');
  const probe = { frames: [], latencies: [], mutations: 0, events: 0, jsonWrites: 0, on: false };
  let started = 0;
  let stamp = 0;
  window.addEventListener('pointermove', (event) => { started = performance.now(); stamp = event.timeStamp; }, { capture: true });
  // Bubbling to window runs after the canvas's own listener, so this frame request follows any the canvas made.
  window.addEventListener('pointermove', () => {
    if (!probe.on) return;
    probe.events += 1;
    const from = started;
    const at = stamp;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const end = performance.now();
        probe.frames.push(end - from);
        probe.latencies.push(end - at);
      };
      channel.port2.postMessage(null);
    });
  });
  // Only mutations while the button is held: the drop's own update is not a drag frame.
  let held = false;
  window.addEventListener('pointerdown', () => { held = true; }, { capture: true });
  window.addEventListener('pointerup', () => { held = false; }, { capture: true });
  new MutationObserver((records) => { if (probe.on && held) probe.mutations += records.length; })
    .observe(svg.parentElement, { attributes: true, childList: true, characterData: true, subtree: true });
  let lastJson = json.value;
  // The box's value is a property, not an attribute: read it after every frame.
  const watch = () => { if (json.value !== lastJson) { lastJson = json.value; if (probe.on) probe.jsonWrites += 1; } requestAnimationFrame(watch); };
  requestAnimationFrame(watch);
  window.__dragProbe = probe;
})()`;

async function drag(page: Page, steps: number): Promise<void> {
  const vertex = page.locator('circle.vertex[data-kind="area"][data-point="0"]');
  const box = (await vertex.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i += 1) await page.mouse.move(x - 80 * Math.sin(i / 8), y + 50 * (1 - Math.cos(i / 11)));
  await page.mouse.up();
  // Whatever the drop queued (the JSON text, the checks) settles before the next drag starts.
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200)))');
}

interface Probe {
  frames: number[];
  latencies: number[];
  mutations: number;
  events: number;
  jsonWrites: number;
}

async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };

async function stopProfile(cdp: CDPSession, file: string): Promise<void> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  writeFileSync(file, JSON.stringify(profile));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber + 1}`;
    byName.set(name, (byName.get(name) ?? 0) + (self.get(node.id) ?? 0));
  }
  const total = [...byName.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(`# CPU profile ${file}: ${(total / 1000).toFixed(0)} ms sampled\n`);
  for (const [name, micros] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    process.stdout.write(`#   ${(micros / 1000).toFixed(1).padStart(8)} ms  ${name}\n`);
  }
}

type TraceEvent = { name: string; ph: string; dur?: number; pid: number; tid: number; args?: { name?: string } };

function summariseTrace(buffer: Buffer, file: string): void {
  writeFileSync(file, buffer);
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const main = new Set(traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byName = new Map<string, { total: number; count: number }>();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || e.dur === undefined || !main.has(`${e.pid}:${e.tid}`)) continue;
    const entry = byName.get(e.name) ?? { total: 0, count: 0 };
    entry.total += e.dur;
    entry.count += 1;
    byName.set(e.name, entry);
  }
  process.stdout.write(`# trace ${file}: renderer main thread, total per event name (nested events overlap)\n`);
  for (const [name, { total, count }] of [...byName].sort((a, b) => b[1].total - a[1].total).slice(0, 25)) {
    process.stdout.write(`#   ${(total / 1000).toFixed(1).padStart(8)} ms ${String(count).padStart(6)}x  ${name}\n`);
  }
}

export async function benchAnalyticsDrag(): Promise<void> {
  log.setSink(() => {});
  ensureRendererBuilt();
  process.stdout.write(loadLine());
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-bench-analytics-'));
  const vault = createVault({ service: `watchdesk-bench-${process.pid}` });
  vault.useSessionOnly();
  const app = await createApp({ dataDir, vault, demo: false, hostFacts: { host: 'web', electronVersion: null, chromeVersion: null } });
  const registry = createRegistry(app.handlers, { isTrustedSender: (sender) => sender.transport === 'web' && sender.authenticated });
  const host = await startWebHost({ registry, rendererDir: join(root, 'dist', 'renderer') });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--password-store=basic', '--no-first-run'],
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1600, height: 1200 }, locale: 'en-US' })).newPage();
    scaleWaits(page);
    await page.goto(host.url);
    await page.goto(new URL('/#/analytics', host.url).href);
    await page.getByLabel('Task body as JSON', { exact: false }).fill(bodyWithZone());
    await page.getByRole('button', { name: 'Zone 1' }).click();
    await page.evaluate(installProbe);

    for (let round = 0; round < WARM_UP; round += 1) await drag(page, STEPS);
    const profileFile = process.env.BENCH_PROFILE;
    const traceFile = process.env.BENCH_TRACE;
    const cdp = profileFile ? await page.context().newCDPSession(page) : null;
    if (cdp) await startProfile(cdp);
    if (traceFile) await browser.startTracing(page, { categories: ['devtools.timeline', 'blink', 'disabled-by-default-devtools.timeline'] });
    await page.evaluate('window.__dragProbe.on = true');
    // Where each drag's events end in the probe's lists, to take each drag's p95 apart.
    const ends: Array<{ frames: number; latencies: number }> = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await drag(page, STEPS);
      ends.push(await page.evaluate<{ frames: number; latencies: number }>('({ frames: window.__dragProbe.frames.length, latencies: window.__dragProbe.latencies.length })'));
    }
    await page.evaluate('window.__dragProbe.on = false');
    if (traceFile) summariseTrace(await browser.stopTracing(), traceFile);
    if (cdp && profileFile) await stopProfile(cdp, profileFile);
    const probe = (await page.evaluate('window.__dragProbe')) as Probe;

    const worstDrag = (values: number[], key: 'frames' | 'latencies'): number =>
      Math.max(...ends.map((end, i) => percentile(values.slice(i === 0 ? 0 : ends[i - 1]![key], end[key]), 95)));
    process.stdout.write(`# p95 frame per drag (ms): ${ends.map((end, i) => percentile(probe.frames.slice(i === 0 ? 0 : ends[i - 1]!.frames, end.frames), 95).toFixed(1)).join(' ')}\n`);
    report('analytics-drag-frame-ms', worstDrag(probe.frames, 'frames'), 'ms');
    report('analytics-drag-frame-median-ms', median(probe.frames), 'ms');
    report('analytics-drag-input-latency-ms', worstDrag(probe.latencies, 'latencies'), 'ms');
    report('analytics-drag-dom-writes-per-frame', probe.mutations / Math.max(1, probe.events), 'mutations');
    report('analytics-drag-json-writes', probe.jsonWrites, 'writes');
    process.stdout.write(`# ${probe.events} pointer events, ${probe.frames.length} frames measured\n`);
  } finally {
    await browser.close();
    await host.close();
    await app.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await benchAnalyticsDrag();
