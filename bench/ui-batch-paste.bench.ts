// The batch form's paste, as the operator feels it: pasting 10,000 stream uids into "Streams" on the Stream tokens
// screen, in Debian Chromium (the flags of playwright.config.ts) through the web host started as `npm run web` would
// start it (a child process: the real composition root, the vault in a private gnome-keyring, the built renderer,
// rebuilt first when its sources changed) with the simulator in a child process as the active server. 1280x800 page.
// - ui-batch-paste-10k-longest-task-ms: the page's longest main-thread task ('longtask' entries of a
//   PerformanceObserver in the page; the API reports only tasks over 50 ms, so 0 means none) from the paste (the
//   Ctrl+V keydown, or the input event where the headless clipboard is refused) until the frame after the checked
//   list is shown: its rows are drawn (a long paste is shown as its checked rows, each with its verdict), the hint
//   counts the streams ("9,500 streams." with the duplicates note) and the button says "Issue 9,500 tokens". The list is 10,000 lines: 9,500 distinct uids and 500 repeated ones, so the
//   de-duplication has work to do. Includes the browser's paste event and the page's handling of it, starting the
//   check's worker, receiving its answer (10,000 checked rows) and drawing the table's rows in view, the hint and the
//   button.
//   Leaves out the work inside the worker (another thread: it cannot hold the page), the first load of the worker's
//   script (a warm-up paste fetches it before the measured ones), and issuing the tokens (ui.bench.ts measures that).
//   Worst of 5 pastes, each into the emptied field; ui-batch-paste-10k-longest-frame-ms is the same for
//   'long-animation-frame' entries (tasks plus the rendering of a frame), and ui-batch-paste-10k-shown-ms the median
//   time from the paste to that frame. Judge the figures with the machine's load average beside them (printed).
// UI_PASTE_RENDERER_DIR=DIR serves another build of the page (e.g. an older one, for a before/after on the same
// machine at the same load); a page without the checked rows counts as shown once its button counts the tokens.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { log } from '../main/shared/log';
import { inPrivateKeyring, rerunInPrivateKeyring } from './keyring';
import { isMain, median, report } from './report';
import { openBatchTab } from './ui.bench';
import { withConsolePage } from './ui-host';
import { ensureRendererBuilt } from './ui-support';

const LINES = 10_000;
const REPEATED = 500;
const RUNS = 5;

interface PasteRun {
  longestTaskMs: number;
  longestFrameMs: number;
  shownMs: number;
  /** Where the longest frame's time went (printed as a comment beside the figures). */
  worstFrame: string;
}

/** One paste of `text` into the emptied field, observed by the page's own clock until the checked list is painted. */
async function pasteOnce(page: Page, text: string, shown: string): Promise<PasteRun> {
  const field = page.getByLabel('Streams', { exact: true });
  // The previous paste is shown as its checked rows: emptied with "Clear the list", which brings the field back.
  const clear = page.getByRole('button', { name: 'Clear the list' });
  if (await clear.isVisible()) await clear.click();
  else await field.fill('');
  await page.getByRole('button', { name: 'Issue tokens', exact: true }).waitFor();
  await page.waitForTimeout(300);
  await field.focus();
  await page.evaluate(`(() => {
    const bench = { start: 0, end: 0, longestTask: 0, longestFrame: 0, worstFrame: '', observers: [] };
    window.pasteBench = bench;
    const watch = (type, key) => {
      try {
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            // A task that was running when the paste began counts too: it held the paste back.
            if (!(bench.start > 0 && entry.startTime + entry.duration >= bench.start)) continue;
            if (key === 'longestFrame' && entry.duration > bench.longestFrame) {
              // Where the worst frame's time went: its scripts, and its style, layout and paint after them.
              const scripts = (entry.scripts || []).map((script) => script.invoker + ' ' + Math.round(script.duration) + ' ms').join(', ');
              const rendering = entry.renderStart ? Math.round(entry.startTime + entry.duration - entry.renderStart) : 0;
              bench.worstFrame = 'scripts: ' + (scripts || 'none') + '; rendering ' + rendering + ' ms (style and layout from ' + Math.round((entry.styleAndLayoutStart || entry.renderStart) - entry.startTime) + ' ms)';
            }
            bench[key] = Math.max(bench[key], entry.duration);
          }
        });
        observer.observe({ type, buffered: false });
        bench.observers.push(observer);
      } catch {}
    };
    watch('longtask', 'longestTask');
    watch('long-animation-frame', 'longestFrame');
    const pattern = new RegExp(${JSON.stringify(`^Issue ${shown} tokens$`)});
    const begin = () => {
      if (bench.start) return;
      bench.start = performance.now();
      let ending = false;
      const frame = () => {
        const button = document.querySelector('#batch-form button[type="submit"]');
        if (ending) { bench.end = performance.now(); return; }
        const listed = ${JSON.stringify(Boolean(process.env['UI_PASTE_RENDERER_DIR']))} || document.querySelector('[data-testid="pasted-list"] tbody tr:not(.spacer)');
        if (button && listed && pattern.test((button.textContent || '').trim())) ending = true;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    };
    document.addEventListener('keydown', begin, { capture: true, once: true });
    document.addEventListener('beforeinput', begin, { capture: true, once: true });
  })()`);
  const copied = await page.evaluate<boolean>(`navigator.clipboard.writeText(${JSON.stringify(text)}).then(() => true, () => false)`);
  if (copied) await page.keyboard.press('Control+V');
  else await page.keyboard.insertText(text);
  const shownMs = await page.evaluate<number>(`new Promise((resolve, reject) => {
    const given = performance.now();
    const wait = () => {
      const bench = window.pasteBench;
      if (bench.end) resolve(bench.end - bench.start);
      else if (performance.now() - given > 120000) reject(new Error('the checked list was not shown within 2 minutes'));
      else setTimeout(wait, 20);
    };
    wait();
  })`);
  // Entries are delivered after their task: give the last ones a moment, then take what is left.
  await page.waitForTimeout(300);
  const { longestTask, longestFrame, worstFrame } = await page.evaluate<{ longestTask: number; longestFrame: number; worstFrame: string }>(
    `(() => { const b = window.pasteBench; for (const o of b.observers) { for (const e of o.takeRecords()) {} o.disconnect(); } return b; })()`,
  );
  const form = (await page.locator('#batch-form').textContent()) ?? '';
  if (!form.includes(`${shown} streams.`)) throw new Error(`the hint does not count ${shown} streams: ${JSON.stringify(form.slice(0, 300))}`);
  return { longestTaskMs: longestTask, longestFrameMs: longestFrame, shownMs, worstFrame };
}

export async function run(): Promise<void> {
  log.setQuiet(true);
  const rendererDir = process.env['UI_PASTE_RENDERER_DIR'];
  if (!rendererDir) ensureRendererBuilt();
  const hostArgs = rendererDir ? ['--renderer-dir', rendererDir] : [];
  await withConsolePage({ simulator: { extraPrivateStreams: LINES }, hostArgs }, async ({ sim, host, page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openBatchTab(page, host);
    const distinct = sim.streams.slice(-(LINES - REPEATED));
    // 10,000 lines: the distinct uids with 500 of them pasted a second time, spread through the list.
    const lines = [...distinct];
    for (let i = 0; i < REPEATED; i++) lines.splice(i * 20 + 10, 0, distinct[i * 19]!);
    const text = lines.join('\n');
    const shown = distinct.length.toLocaleString('en-US');
    await pasteOnce(page, text, shown); // warm-up: loads the worker's script and the hint's paths
    const runs: PasteRun[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await pasteOnce(page, text, shown));
    process.stdout.write(`# ui-batch-paste-10k runs: longest tasks (ms) ${runs.map((r) => Math.round(r.longestTaskMs)).join(' ')}; longest frames (ms) ${runs.map((r) => Math.round(r.longestFrameMs)).join(' ')}; shown after (ms) ${runs.map((r) => Math.round(r.shownMs)).join(' ')}\n`);
    for (const [i, r] of runs.entries()) process.stdout.write(`# paste ${i + 1}, longest frame ${Math.round(r.longestFrameMs)} ms: ${r.worstFrame}\n`);
    process.stdout.write(`# load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (2 cores)\n`);
    report('ui-batch-paste-10k-longest-task-ms', Math.max(...runs.map((r) => r.longestTaskMs)), 'ms');
    report('ui-batch-paste-10k-longest-frame-ms', Math.max(...runs.map((r) => r.longestFrameMs)), 'ms');
    report('ui-batch-paste-10k-shown-ms', median(runs.map((r) => r.shownMs)), 'ms');
  });
}

if (isMain(import.meta.url)) {
  if (!inPrivateKeyring()) rerunInPrivateKeyring(import.meta.url);
  await run();
}
