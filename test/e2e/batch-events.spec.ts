import { test, expect } from './fixtures';
import { streamsWith } from '../support/streams';

test.use({ viewport: { width: 1280, height: 1400 } });

test.describe('batch progress through events', () => {
  test('a batch of 1,000 drives the progress bar through batch.progress events only, with no status polling', async ({ page, console }) => {
    const sim = console.app.demoServer!;
    const streams = streamsWith(sim.state, 'private').slice(0, 1000);
    expect(streams).toHaveLength(1000);
    // A little latency per request, so the run lasts long enough for several pushes to reach the bar.
    sim.faults.add({ path: '/api/', latencyMs: 15 });

    await console.open(page, 'tokens');
    await page.getByRole('tab', { name: 'Batch' }).click();
    await page.getByLabel('Streams').fill(streams.join('\n'));

    // Record every value the progress bar shows while the batch runs.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('#batch-progress');
        if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
    });
    await page.getByRole('switch', { name: /Live/ }).check();
    await page.getByRole('button', { name: /^Issue 1,?000 tokens$/ }).click();
    await expect(page.getByTestId('batch-progress-label')).toHaveText(/^1,?000 of 1,?000 done — 1,?000 issued\. Finished\.$/, { timeout: 60_000 });
    await page.screenshot({ path: test.info().outputPath('batch-events-finished.png'), fullPage: true });

    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.some((value) => value > 0 && value < 1000)).toBe(true);
    expect(seen.at(-1)).toBe(1000);
    const paths = console.requests.map((request) => request.path);
    expect(paths.filter((path) => path === '/ipc/tokens.batchStatus')).toEqual([]);
    expect(paths.filter((path) => path === '/events')).toHaveLength(1);
    expect(sim.state.issuedStreamTokens).toHaveLength(1000);
  });
});
