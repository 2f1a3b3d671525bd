import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import type { SimulatorState } from '../../main/simulator/state';
import { streamsWith } from '../support/streams';
import { expectNoAxeViolations } from './axe';

// A tall window so full-page screenshots show the whole screen (the shell scrolls inside its main area).
test.use({ timezoneId: 'Europe/Berlin', locale: 'en-GB', viewport: { width: 1280, height: 2000 } });

function privateStreams(app: { demoServer: { state: SimulatorState } | null }): string[] {
  return streamsWith(app.demoServer!.state, 'private');
}

test.describe('stream-token desk', () => {
  test('issues a live token, copies it, shows its QR code and counts down', async ({ page, console, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const stream = privateStreams(console.app)[0]!;
    await console.open(page, 'tokens');
    await page.getByLabel('Stream uid').fill(stream);
    await page.getByRole('switch', { name: /Live/ }).check();
    await page.getByRole('radio', { name: '1 hour' }).check();
    await page.screenshot({ path: test.info().outputPath('tokens-form.png'), fullPage: true });
    await page.getByRole('button', { name: 'Issue token' }).click();

    const result = page.getByTestId('token-result');
    await expect(result).toBeVisible();
    const issued = console.app.demoServer!.state.issuedStreamTokens;
    expect(issued).toHaveLength(1);
    await expect(page.getByLabel('Token', { exact: true })).toHaveValue(issued[0]!.token);
    // An hour from now is tomorrow when the test runs in the last hour of the day.
    await expect(page.getByTestId('token-summary')).toHaveText(/^live, expires (today|tomorrow) \d{2}:\d{2} \(in (59 min|1 h)\)$/);
    await expect(page.getByTestId('token-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);

    const first = await page.getByTestId('token-countdown').innerText();
    await expect.poll(async () => page.getByTestId('token-countdown').innerText(), { timeout: 3000 }).not.toBe(first);

    await result.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(result.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(issued[0]!.token);
    await page.screenshot({ path: test.info().outputPath('tokens-result.png'), fullPage: true });
  });

  test('asks before issuing a token with no permission', async ({ page, console }) => {
    await console.open(page, 'tokens');
    await page.getByLabel('Stream uid').fill(privateStreams(console.app)[0]!);
    await page.getByRole('button', { name: 'Issue token' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('No permission is switched on');
    expect(console.app.demoServer!.state.issuedStreamTokens).toHaveLength(0);
    await page.getByRole('button', { name: 'Issue without permissions' }).click();
    await expect(page.getByTestId('token-summary')).toHaveText(/^no permissions, expires/);
  });

  test('shows an unknown stream next to the stream field', async ({ page, console }) => {
    await console.open(page, 'tokens');
    await page.getByLabel('Stream uid').fill('cam-9999-xx');
    await page.getByRole('switch', { name: /Live/ }).check();
    await page.getByRole('button', { name: 'Issue token' }).click();
    const field = page.getByLabel('Stream uid');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#stream-uid-error')).toHaveText('The server has no stream “cam-9999-xx”. Check the uid (it is case-sensitive).');
    await expect(field).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('tokens-stream-error.png'), fullPage: true });
  });

  test('sends people to Connect when the server refuses the API token', async ({ page, console }) => {
    const { profile } = await console.app.services.connections.active();
    console.app.services.connections.setDemoToken(profile.id, 'at_wrong');
    await console.open(page, 'tokens');
    await page.getByLabel('Stream uid').fill(privateStreams(console.app)[0]!);
    await page.getByRole('switch', { name: /Live/ }).check();
    await page.getByRole('button', { name: 'Issue token' }).click();
    await expect(page.getByTestId('error-banner')).toContainText('The server refused the API token — open Connect to replace it.');
    await page.getByRole('button', { name: 'Open Connect' }).click();
    await expect(page).toHaveURL(/#\/connect$/);
  });

  test('requires confirming an unlimited token and warns why', async ({ page, console }) => {
    await console.open(page, 'tokens');
    await page.getByLabel('Stream uid').fill(privateStreams(console.app)[0]!);
    await page.getByRole('switch', { name: /DVR/ }).check();
    await page.getByRole('radio', { name: 'Unlimited' }).check();
    await expect(page.getByRole('note')).toContainText('discourages unlimited lifetimes');
    await page.getByRole('button', { name: 'Issue token' }).click();
    await expect(page.locator('#single-ttl-error')).toContainText('Tick the box to confirm');
    await page.getByLabel('Yes, issue a token that never expires').check();
    await page.screenshot({ path: test.info().outputPath('tokens-unlimited.png'), fullPage: true });
    await page.getByRole('button', { name: 'Issue token' }).click();
    await expect(page.getByTestId('token-summary')).toHaveText('DVR, never expires');
    expect(console.app.demoServer!.state.issuedStreamTokens[0]).toMatchObject({ ttl: 0, dvr: true });
  });

  test('refuses a DVR window that ends before it starts, under the end field', async ({ page, console }) => {
    await console.open(page, 'tokens');
    await page.getByLabel('Stream uid').fill(privateStreams(console.app)[0]!);
    await page.getByRole('switch', { name: /DVR/ }).check();
    await page.getByLabel('No lower bound').uncheck();
    await page.getByLabel('No upper bound').uncheck();
    await page.getByLabel('From', { exact: true }).fill('2026-05-01T10:00');
    await page.getByLabel('To', { exact: true }).fill('2026-05-01T09:00');
    await expect(page.locator('#single-from-hint')).toHaveText('Europe/Berlin, UTC+02:00');
    await page.getByRole('button', { name: 'Issue token' }).click();
    await expect(page.locator('#single-to-error')).toHaveText('The end of the DVR window must not be before its start.');
    await page.screenshot({ path: test.info().outputPath('tokens-window-error.png'), fullPage: true });
    expect(console.app.demoServer!.state.issuedStreamTokens).toHaveLength(0);
  });

  test('issues a user-bound token', async ({ page, console }) => {
    await console.open(page, 'tokens');
    await page.getByRole('tab', { name: 'User-bound token' }).click();
    await page.locator('#user-uid').fill(privateStreams(console.app)[0]!);
    await page.getByLabel('User id').fill('visitor-42');
    await page.getByRole('radio', { name: '15 min' }).check();
    await page.getByRole('button', { name: 'Issue user-bound token' }).click();
    await expect(page.getByTestId('token-summary')).toHaveText(/^bound to user “visitor-42”, expires (today|tomorrow)/);
    expect(console.app.demoServer!.state.accessTokens).toEqual([expect.objectContaining({ user: 'visitor-42', duration: 900 })]);
    await page.screenshot({ path: test.info().outputPath('tokens-user-bound.png'), fullPage: true });
  });

  test('runs a batch of 50, exports it as CSV, and lists the tokens in the history', async ({ page, console }) => {
    const streams = privateStreams(console.app).slice(0, 49);
    await console.open(page, 'tokens');
    await page.getByRole('tab', { name: 'Batch' }).click();
    await page.getByLabel('Streams').fill([...streams, 'cam-9999-xx'].join('\n'));
    await page.getByRole('switch', { name: /Live/ }).check();
    await page.getByRole('button', { name: 'Issue 50 tokens' }).click();
    await expect(page.getByTestId('batch-progress-label')).toHaveText('50 of 50 done — 49 issued, 1 failed. Finished.');
    // The rows are virtualised: the 50th row is below the fold until the operator narrows the list to the problems.
    await page.screenshot({ path: test.info().outputPath('tokens-batch.png'), fullPage: true });
    await page.getByLabel('Show only rows without a token').check();
    await expect(page.getByText('The server has no stream “cam-9999-xx”.', { exact: false })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('tokens-batch-problems.png'), fullPage: true });
    await page.getByLabel('Show only rows without a token').uncheck();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^watchdesk-batch-.*\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\ufeff/, '').trim().split('\r\n');
    expect(csv).toHaveLength(51);
    expect(csv[0]).toBe('stream,status,token,permissions,ttl_seconds,dvr_from,dvr_to,expires_at,error');

    // Virtualised: the table tells its row count (plus the header row) rather than holding every row.
    await expect(page.getByTestId('history-table').getByRole('table')).toHaveAttribute('aria-rowcount', '50');
    await expect(page.getByText('49 tokens', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Printable sheet' }).click();
    await expect(page.getByRole('dialog', { name: /Printable sheet: 49 tokens/ })).toBeVisible();
    await expect(page.getByRole('dialog').getByTestId('token-qr')).toHaveCount(49);
    await page.screenshot({ path: test.info().outputPath('tokens-print-sheet.png') });
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByLabel('Search the history').fill(streams[3]!);
    await expect(page.getByTestId('history-table').locator('tbody tr')).toHaveCount(1);
    await page.getByLabel('Select all shown').check();
    const historyDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export 1 selected as CSV/ }).click();
    expect((await historyDownload).suggestedFilename()).toMatch(/^watchdesk-tokens-.*\.csv$/);
    await page.getByLabel('Search the history').fill('');
    await expect(page.getByTestId('history-table').getByRole('table')).toHaveAttribute('aria-rowcount', '50');
    await page.getByRole('heading', { name: 'History' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('tokens-history.png'), fullPage: true });
    await page.locator('section.history').screenshot({ path: test.info().outputPath('tokens-history-table.png') });
    await expectNoAxeViolations(page);
  });
  test('searches the history once typing pauses, not on every keystroke', async ({ page, console }) => {
    // The page's clock is held still while typing, so a slow machine cannot stretch the pause between two keystrokes
    // past the debounce; then it runs on past the pause.
    await page.clock.install();
    await console.open(page, 'tokens');
    await expect(page.getByText('No tokens issued yet')).toBeVisible();
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/ipc/tokens.history')) searches.push(request.postData() ?? '');
    });
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByLabel('Search the history').pressSequentially('cam-0001', { delay: 30 });
    await page.waitForTimeout(300);
    expect(searches).toHaveLength(0);
    await page.clock.runFor(1_000);
    await expect.poll(() => searches.length).toBe(1);
    await page.waitForTimeout(300);
    expect(searches).toHaveLength(1);
    expect(searches[0]).toContain('cam-0001');
  });

  test('counts the tokens a batch will issue, and follows it through events, without status calls', async ({ page, console }) => {
    const streams = privateStreams(console.app).slice(0, 3);
    await console.open(page, 'tokens');
    await page.getByRole('tab', { name: 'Batch' }).click();
    await page.getByLabel('Streams').fill(['stream', ...streams, streams[0]!].join('\n'));
    await expect(page.getByRole('button', { name: 'Issue 3 tokens' })).toBeVisible();
    await expect(page.locator('#batch-text-hint')).toContainText('3 streams.');
    await expect(page.locator('#batch-text-hint')).toContainText('1 duplicate uid');
    await page.screenshot({ path: test.info().outputPath('tokens-batch-count.png'), fullPage: true });

    await page.getByRole('switch', { name: /Live/ }).check();
    await page.getByRole('button', { name: 'Issue 3 tokens' }).click();
    await expect(page.getByTestId('batch-progress-label')).toHaveText('3 of 3 done — 3 issued. Finished.');
    expect(console.requests.filter((request) => request.path === '/ipc/tokens.batchStatus')).toEqual([]);
  });
});
