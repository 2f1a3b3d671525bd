import { test, expect } from './fixtures';

test.use({ viewport: { width: 1280, height: 1000 } });

// Correctness only (no timing asserts): the machine may be loaded, so every wait is generous but bounded.
const BATCH_TIMEOUT_MS = 240_000;

test.describe('a batch of 10,000', () => {
  test('completes with every row final while the page holds only the visible rows', async ({ page, console }) => {
    test.setTimeout(BATCH_TIMEOUT_MS + 120_000);
    const sim = console.app.demoServer!;
    // 10,000 private streams: copies of a seeded private stream under new uids.
    const model = [...sim.state.streams.values()].find((stream) => stream.authorization === 'private')!;
    const streams = Array.from({ length: 10_000 }, (_, i) => `e2e-batch-${String(i).padStart(5, '0')}`);
    for (const uid of streams) sim.state.streams.set(uid, { ...model, uid });

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await console.open(page, 'tokens');
    await page.getByRole('tab', { name: 'Batch' }).click();
    await page.getByRole('switch', { name: /Live/ }).check();
    // Pasted in one input event, as an operator's paste is (fill() would type 10,000 lines one by one); the clipboard
    // first, insertText where the headless clipboard is not available.
    const field = page.getByLabel('Streams', { exact: true });
    const text = streams.join('\n');
    await field.focus();
    const copied = await page.evaluate((list) => navigator.clipboard.writeText(list).then(() => true, () => false), text);
    if (copied) await page.keyboard.press('Control+V');
    if ((await field.inputValue()).length < text.length) {
      await field.fill('');
      await field.focus();
      await page.keyboard.insertText(text);
    }
    // The screen is ready once it has read the list: the button counts the tokens it will issue.
    const issue = page.getByRole('button', { name: 'Issue 10,000 tokens' });
    await expect(issue).toBeEnabled({ timeout: 60_000 });
    await issue.click({ timeout: 60_000 });
    await expect(page.getByTestId('batch-progress-label')).toHaveText('10,000 of 10,000 done — 10,000 issued. Finished.', { timeout: BATCH_TIMEOUT_MS });
    await page.screenshot({ path: test.info().outputPath('batch-10k-finished.png') });

    // Every token was issued once on the server's side.
    expect(sim.state.issuedStreamTokens).toHaveLength(10_000);
    // The batch table is virtualised: its rows in the DOM are the visible ones, not 10,000 (the history is apart).
    const results = page.getByTestId('batch-results');
    const rows = results.locator('tbody tr:not(.spacer)');
    const rowCount = await rows.count();
    expect(rowCount).toBeGreaterThan(0);
    expect(rowCount).toBeLessThan(300);
    await expect(results.locator('tbody tr', { hasText: /waiting|issuing…/ })).toHaveCount(0);
    // The last rows are final too: scrolled to the end, row 10,000 shows its token.
    await results.getByRole('region', { name: 'Tokens of this batch' }).evaluate((table) => table.scrollTo({ top: table.scrollHeight }));
    const last = results.locator('tbody tr', { hasText: 'e2e-batch-09999' });
    await expect(last).toContainText('issued', { timeout: 30_000 });
    await expect(results.locator('tbody tr', { hasText: /waiting|issuing…/ })).toHaveCount(0);
    expect(await rows.count()).toBeLessThan(300);
    await page.screenshot({ path: test.info().outputPath('batch-10k-last-rows.png') });

    // The history below lists the new tokens in a virtualised table too: the whole page holds fewer than 300 rows.
    const history = page.getByRole('region', { name: 'Issued tokens, newest first' });
    await expect(page.getByText('10,000 tokens', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(history.locator('tbody tr', { hasText: 'e2e-batch-09999' })).toBeVisible();
    expect(await page.locator('tbody tr:not(.spacer)').count()).toBeLessThan(300);
  });
});
