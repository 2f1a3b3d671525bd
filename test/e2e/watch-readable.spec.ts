import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import type { RunningSimulator } from '../../main/simulator';

test.use({ timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 800 } });

/** Every Acknowledge button lies inside its table cell (nothing spills over the cell's edge). */
async function expectAckButtonsFit(page: Page): Promise<void> {
  const spills = await page.locator('button[data-ack]').evaluateAll((buttons) =>
    buttons
      .map((b) => {
        const cell = b.closest('td')!;
        return { b: b.getBoundingClientRect(), c: cell.getBoundingClientRect(), over: cell.scrollWidth > cell.clientWidth, text: b.textContent };
      })
      .filter(({ b, c, over }) => over || b.left < c.left - 0.5 || b.right > c.right + 0.5 || b.top < c.top - 0.5 || b.bottom > c.bottom + 0.5)
      .map(({ text }) => text),
  );
  expect(spills).toEqual([]);
}

test.describe('the watch list, readable on a 1280 px NOC screen', () => {
  test('long offline spans read in days or years, Version stays with a version rule, Acknowledge fits', async ({ page, console }) => {
    test.setTimeout(90_000);
    const sim: RunningSimulator = console.app.demoServer!;
    const offline = sim.state.agentShapes.offline;
    // Offline for a long time: last updated about 696 days (1002526 min) before now.
    sim.agents.update(offline, { is_online: false, last_updated_at: new Date(Date.now() - 1_002_526 * 60_000).toISOString() });
    const ids = [offline, ...[...sim.state.agents.keys()].filter((id) => id !== offline).slice(0, 5)];
    const first = sim.state.agents.get(ids[1]!)!;
    const version = first.version;

    await console.open(page, 'agents');
    await page.getByRole('tab', { name: 'Watch lists' }).click();
    await page.getByRole('button', { name: 'New watch list' }).click();
    await page.getByLabel('Name').fill('Depot agents');
    await page.getByLabel('Device numbers').fill(ids.join('\n'));
    await page.getByLabel('New rule').selectOption({ label: 'Offline for more than N minutes' });
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('spinbutton', { name: 'Minutes' }).fill('10');
    await page.getByLabel('New rule').selectOption({ label: 'Version other than' });
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Expected version').fill(version);
    await page.getByRole('button', { name: 'Save and start' }).click();
    await expect(page.getByTestId('watch-summary')).toContainText('Watching', { timeout: 30_000 });
    // The offline rule fires on its second poll: a click that joined the first cycle (a busy machine) is made again.
    const offlineState = page.getByTestId('alert-states').getByRole('row').filter({ hasText: String(offline) }).filter({ hasText: 'offline for more than 10 min' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Poll now' }).click();
      await expect(offlineState.first()).toContainText('Firing', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('alert-badge')).toBeVisible({ timeout: 30_000 });

    // The rule says "10 min"; the Version column is on screen because a rule compares versions.
    await expect(page.getByText('Rules: offline for more than 10 min')).toBeVisible();
    const devices = page.getByRole('region', { name: 'Devices of Depot agents' });
    await expect(devices.getByRole('columnheader', { name: /Version/ })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('watch-1280.png') });

    await page.getByRole('tab', { name: /^Alerts/ }).click();
    await expect(page.getByText(/offline for (69\d days|2 years)/)).toBeVisible();
    await expect(page.locator('main')).not.toContainText(/\d{4,} min/);
    await expectAckButtonsFit(page);
    await page.screenshot({ path: test.info().outputPath('alerts-1280.png') });
  });

  test('in Russian, the online badge and the Alerts header show whole', async ({ page, console }) => {
    const sim = console.app.demoServer!;
    const offline = sim.state.agentShapes.offline;
    sim.agents.update(offline, { is_online: false });
    const ids = [offline, ...[...sim.state.agents.keys()].filter((id) => id !== offline).slice(0, 3)];
    await console.open(page, 'agents');
    await page.getByRole('tab', { name: 'Watch lists' }).click();
    await page.getByRole('button', { name: 'New watch list' }).click();
    await page.getByLabel('Name').fill('Depot agents');
    await page.getByLabel('Device numbers').fill(ids.join('\n'));
    await page.getByRole('button', { name: 'Save and start' }).click();
    await page.getByTestId('language').selectOption('ru');
    const table = page.getByRole('table', { name: /Depot agents/ });
    await expect(table.getByText('Не в сети').first()).toBeVisible();
    // No header and no online badge cut (a long device name is, by design: its whole text is in the hover).
    const cut = await table.locator('th, td:nth-child(3)').evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent?.trim()));
    expect(cut).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('watch-1280-ru.png') });
  });
});
