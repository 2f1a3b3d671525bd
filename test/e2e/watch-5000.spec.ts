import { test, expect } from './fixtures';
import { sim } from './watch-steps';

test.use({ viewport: { width: 1280, height: 1000 } });

test.describe('a 5,000-device watch list', () => {
  test('shows a window of the rows, scrolls to the last device, and a change there shows after the next cycle', async ({ page, console }) => {
    test.setTimeout(120_000);
    const simulator = sim(console.app);
    simulator.agents.add(5000 - simulator.state.agents.size);
    const ids = [...simulator.state.agents.keys()];
    expect(ids).toHaveLength(5000);
    const last = ids.at(-1)!;
    simulator.agents.update(last, { is_online: true });

    await console.open(page, 'agents');
    await page.getByRole('tab', { name: 'Watch lists' }).click();
    await page.getByRole('button', { name: 'New watch list' }).click();
    await page.getByLabel('Name').fill('Whole fleet');
    // The fleet comes as a file, as operators bring it (typing 5,000 numbers is not how a list this size is made).
    await page.locator('input[type="file"]').setInputFiles({ name: 'fleet.csv', mimeType: 'text/csv', buffer: Buffer.from(ids.join('\n')) });
    await expect(page.getByText('5,000 devices', { exact: true })).toBeVisible();
    await page.getByLabel('Requests at a time').fill('32');
    await page.getByRole('button', { name: 'Save and start' }).click();

    const summary = page.getByTestId('watch-summary');
    // Not "5000 waiting" (which contains "0 waiting"): every device read.
    await expect(summary).toContainText(/ · 0 waiting/, { timeout: 60_000 });
    await expect(page.getByTestId('watch-shown')).toHaveText(/^5,?000 of 5,?000 devices$/);

    const table = page.getByRole('region', { name: 'Devices of Whole fleet' });
    // The table is 5,000 rows tall, but only the rows in view (and a few around them) are in the page.
    expect(await table.locator('tbody tr:not(.spacer)').count()).toBeLessThan(60);
    await table.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const name = simulator.state.agents.get(last)!.name;
    const lastRow = table.getByRole('row').filter({ hasText: name });
    await expect(lastRow).toContainText('Online');
    await expect(lastRow).toHaveAttribute('aria-rowindex', '5001');

    simulator.agents.update(last, { is_online: false });
    await page.getByRole('button', { name: 'Poll now' }).click();
    await expect(lastRow).toContainText('Offline', { timeout: 60_000 });
    await expect(summary).toContainText(/ · 0 waiting/);
    await page.screenshot({ path: test.info().outputPath('watch-5000-end.png') });

    // Sorted by Online in main: the offline device comes first among the ones that answered.
    await table.evaluate((el) => (el.scrollTop = 0));
    await table.getByRole('columnheader', { name: 'Online' }).getByRole('button').click();
    await expect(table.getByRole('row').nth(1)).toContainText('Offline');
    await page.screenshot({ path: test.info().outputPath('watch-5000-sorted.png') });
  });
});
