// The analytics editor's drawing canvas in Chromium through the web host (real composition root, handler registry,
// built renderer):
// - analytics-drag-frame-ms: p95 of the main-thread time of one frame while dragging a point of a 200-point zone.
//   Each frame: inside a requestAnimationFrame callback (the start of a frame) one pointermove is dispatched on the
//   canvas; the time runs until the task queued from that callback, which runs after the frame's rendering. So it
//   includes the pointer handler, the editor's update of the body (shapes written back into the JSON document),
//   Svelte's update of the SVG (200 points, labels, edge handles), the live JSON text (re-serialised body in the
//   textarea), flag checks (self-intersection of the 200-edge zone), style, layout and paint on the main thread.
//   It does not include GPU compositing (Chromium runs headless with --disable-gpu) or the wait for vsync.
//   Two warm-up drags of 30 frames, then five drags of 60 frames; all 300 frames count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { createApp } from '../main/app/create-app';
import { createRegistry } from '../main/ipc/registry';
import { createVault } from '../main/secrets/vault';
import { log } from '../main/shared/log';
import { startWebHost } from '../main/web/host';
import { isMain, median, percentile, report } from './report';

const root = join(import.meta.dirname, '..');
const POINTS = 200;

function bodyWithZone(): string {
  const points = Array.from({ length: POINTS }, (_, i) => {
    const angle = (2 * Math.PI * i) / POINTS;
    return [Number((0.5 + 0.35 * Math.cos(angle)).toFixed(4)), Number((0.5 + 0.35 * Math.sin(angle)).toFixed(4))];
  });
  return JSON.stringify({ CaseType: 'intrusion-detection', CameraGroupUid: 'cg-1', Source: { Uid: 'cam-1', Url: 'rtsp://cam-1' }, Pipeline: { Areas: [{ Points: points }], Fences: [] } });
}

// Page-side code is a string: the bench's TypeScript loader would wrap named functions in a helper the page lacks.
/** Dispatches `frames` pointermoves, one at the start of each frame, and returns each frame's main-thread time. */
const dragProbe = (frames: number, fromX: number, fromY: number) => `(async () => {
  const svg = document.querySelector('svg[role="application"]');
  const times = [];
  for (let i = 0; i < ${frames}; i += 1) {
    const time = await new Promise((resolve) => requestAnimationFrame(() => {
      const started = performance.now();
      const x = ${fromX} + 60 * Math.sin(i / 6);
      const y = ${fromY} + 40 * Math.cos(i / 9);
      svg.dispatchEvent(new PointerEvent('pointermove', { clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse', bubbles: true, buttons: 1 }));
      setTimeout(() => resolve(performance.now() - started), 0);
    }));
    times.push(time);
  }
  return times;
})()`;

export async function benchAnalyticsDrag(): Promise<void> {
  log.setSink(() => {});
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
    await page.goto(host.url);
    await page.goto(new URL('/#/analytics', host.url).href);
    await page.getByLabel('Task body as JSON', { exact: false }).fill(bodyWithZone());
    await page.getByRole('button', { name: 'Zone 1' }).click();

    const all: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      const vertex = page.locator('circle.vertex[data-kind="area"][data-point="0"]');
      const box = (await vertex.boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      const times = (await page.evaluate(dragProbe(round < 2 ? 30 : 60, x, y))) as number[];
      await page.mouse.up();
      if (round >= 2) all.push(...times);
    }
    report('analytics-drag-frame-ms', percentile(all, 95), 'ms');
    report('analytics-drag-frame-median-ms', median(all), 'ms');
  } finally {
    await browser.close();
    await host.close();
    await app.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await benchAnalyticsDrag();
