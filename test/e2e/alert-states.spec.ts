import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';
import { recordNotifications, saveStorageWatchList, sim } from './watch-steps';

test.use({ timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 2200 } });

test.describe('alert states', () => {
  test('a rule goes Pending, then Firing; it is acknowledged with a note and its device muted; the device shows its history', async ({ page, console }) => {
    const simulator = sim(console.app);
    const ids = [...simulator.state.agents.keys()].slice(0, 3);
    for (const id of ids) simulator.agents.update(id, { storage_percent: 40, is_online: true });
    const [full, , silent] = ids as [number, number, number];
    simulator.agents.update(full, { storage_percent: 97 });
    simulator.agents.setBehaviour([silent], { kind: 'silent' });

    await console.open(page, 'agents');
    await saveStorageWatchList(page, 'Site 4', ids);

    const states = page.getByTestId('alert-states');
    await expect(states.getByRole('row').filter({ hasText: String(full) })).toContainText('Pending');
    await page.getByRole('button', { name: 'Poll now' }).click();
    const firing = states.getByRole('row').filter({ hasText: String(full) });
    await expect(firing).toContainText('Firing');
    await expect(firing).toContainText('since');
    await page.getByRole('button', { name: 'Poll now' }).click();
    await expect(states.getByRole('row').filter({ hasText: String(silent) })).toContainText('No data');

    await firing.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByLabel('Note for the next operator').fill('Disk swap booked for Tuesday');
    await page.getByRole('dialog').getByRole('button', { name: 'Acknowledge' }).click();
    await expect(firing).toContainText('Disk swap booked for Tuesday');
    await firing.getByRole('button', { name: 'Mute device' }).click();
    await expect(firing).toContainText('Device muted');
    await page.screenshot({ path: test.info().outputPath('alert-states.png'), fullPage: true });
    await expectNoAxeViolations(page, { allRules: true });

    const download = page.waitForEvent('download');
    await states.getByRole('button', { name: 'Export log (CSV)' }).click();
    const file = await download;
    const text = await (await file.createReadStream()).toArray();
    const csv = Buffer.concat(text).toString('utf8');
    expect(csv).toContain('time,device,rule,from,to,note');
    expect(csv).toContain(`${full},`);
    expect(csv).toContain('Disk swap booked for Tuesday');

    await firing.getByRole('button', { name: String(full) }).click();
    const history = page.getByTestId('device-history');
    await expect(history.getByTestId('history-timeline')).toBeVisible();
    await expect(history.getByTestId('usage-chart')).toBeVisible();
    await expect(history.getByTestId('forecasts')).toContainText('too little history');
    await page.screenshot({ path: test.info().outputPath('device-history.png'), fullPage: true });
    await expectNoAxeViolations(page, { allRules: true });
  });

  test('in a browser, a firing alert raises a Notification; clicking it opens the alert’s watch list', { tag: '@full-chromium' }, async ({ page, console, context }) => {
    await context.grantPermissions(['notifications']);
    await recordNotifications(page);
    const simulator = sim(console.app);
    const ids = [...simulator.state.agents.keys()].slice(0, 2);
    for (const id of ids) simulator.agents.update(id, { storage_percent: 40, is_online: true });
    simulator.agents.update(ids[0]!, { storage_percent: 98 });

    await console.open(page, 'agents');
    await saveStorageWatchList(page, 'Lobby', ids);
    await page.getByRole('button', { name: 'Poll now' }).click();
    await expect(page.getByTestId('alert-states').getByRole('row').nth(1)).toContainText('Firing');

    await expect.poll(() => page.evaluate(() => (window as unknown as { shownNotes: Array<{ body: string }> }).shownNotes.length)).toBe(1);
    const note = await page.evaluate(() => (window as unknown as { shownNotes: Array<{ title: string; body: string; tag: string }> }).shownNotes[0]);
    expect(note).toMatchObject({ title: 'Watchdesk: Lobby', body: expect.stringContaining('storage at 98%') });
    expect(note!.tag).toMatch(new RegExp(`^#/agents/watch/[^/]+/${ids[0]}$`));

    await page.getByRole('tab', { name: 'Device' }).click();
    await page.evaluate(() => (window as unknown as { shownNotes: Array<{ click: () => void }> }).shownNotes[0]!.click());
    await expect(page.getByRole('tab', { name: 'Watch lists' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('alert-states').getByRole('row').nth(1)).toContainText('Firing');
  });

  test('with 1,500 alert states the panel holds the rows in view, sorts in main and scrolls to the last state', async ({ page, console }) => {
    test.setTimeout(120_000);
    const simulator = sim(console.app);
    simulator.agents.add(1500 - simulator.state.agents.size);
    const ids = [...simulator.state.agents.keys()];
    for (const id of ids) simulator.agents.update(id, { storage_percent: 97, is_online: true });

    await console.open(page, 'agents');
    await page.getByRole('tab', { name: 'Watch lists' }).click();
    await page.getByRole('button', { name: 'New watch list' }).click();
    await page.getByLabel('Name').fill('Fleet');
    await page.locator('input[type="file"]').setInputFiles({ name: 'fleet.csv', mimeType: 'text/csv', buffer: Buffer.from(ids.join('\n')) });
    await page.getByLabel('Requests at a time').fill('32');
    await page.getByLabel('New rule').selectOption({ label: 'Storage over N%' });
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Percent').fill('95');
    await page.getByRole('button', { name: 'Save and start' }).click();

    // Every device read (a demo device or two may not report its storage: no state for those).
    await expect(page.getByTestId('watch-summary')).toContainText(/ · 0 waiting/, { timeout: 60_000 });
    const shown = page.getByTestId('alert-states-shown');
    await expect(shown).toHaveText(/^1,[45]\d\d of 1,[45]\d\d alert states$/);
    const count = Number((await shown.textContent())!.split(' of ')[0]!.replace(',', ''));
    expect(count).toBeGreaterThan(1400);
    const table = page.getByRole('region', { name: 'Alert states of Fleet' });
    // 1,500 rows tall, but only the rows in view (and a few around them) are in the page.
    expect(await table.locator('tbody tr:not(.spacer)').count()).toBeLessThan(60);

    // Sorted by device number in main: the first row is the lowest number, the last (scrolled to) the highest.
    await table.getByRole('columnheader', { name: 'Device' }).getByRole('button').click();
    const first = table.getByRole('row').nth(1);
    await expect(first).toHaveAttribute('aria-rowindex', '2');
    // The sorted window comes from main a moment after the click: the row read before it is the unsorted one.
    await expect.poll(async () => Number(await first.getByRole('button').first().textContent())).toBeLessThan(Math.min(...ids) + 10);
    await table.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const last = table.locator(`tr[aria-rowindex="${count + 1}"]`);
    await expect(last).toContainText('Pending');
    expect(Number(await last.getByRole('button').first().textContent())).toBeGreaterThan(Math.max(...ids) - 10);
    expect(await table.locator('tbody tr:not(.spacer)').count()).toBeLessThan(60);
    await page.screenshot({ path: test.info().outputPath('alert-states-1500.png') });
  });
});
