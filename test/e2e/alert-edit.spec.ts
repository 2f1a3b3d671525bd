import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';
import type { Page } from '@playwright/test';
import type { RunningSimulator } from '../../main/simulator';
import { recordNotifications, saveStorageWatchList, sim } from './watch-steps';

test.use({ timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 1400 } });

/** Watches `ids` with one rule, storage over 95%, and polls until `firing` fires in Alert states. */
async function watchUntilFiring(page: Page, ids: number[], firing: number[]): Promise<void> {
  await saveStorageWatchList(page, 'Site 4', ids);
  const states = page.getByTestId('alert-states');
  for (const id of firing) await expect(states.getByRole('row').filter({ hasText: String(id) })).toContainText('Pending');
  await page.getByRole('button', { name: 'Poll now' }).click();
  for (const id of firing) await expect(states.getByRole('row').filter({ hasText: String(id) })).toContainText('Firing');
}

/** Two demo devices: `full`, whose disk is 97% full, and `calm`, at 40%; `name` is the full one's. */
function fullAndCalm(app: { demoServer: RunningSimulator | null }): { full: number; calm: number; name: string } {
  const simulator = sim(app);
  const [full, calm] = [...simulator.state.agents.keys()] as [number, number];
  simulator.agents.update(full, { storage_percent: 97, is_online: true });
  simulator.agents.update(calm, { storage_percent: 40, is_online: true });
  return { full, calm, name: simulator.state.agents.get(full)!.name };
}

/** Opens the list's editor and keeps only `ids` on it. */
async function keepOnly(page: Page, ids: number[]): Promise<void> {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Device numbers').fill(ids.join('\n'));
}

test.describe('a watch list edited while an alert fires', () => {
  test('taking the firing device off the list: warned before the save, then no longer firing anywhere, and told why', async ({ page, console }) => {
    const { full, calm, name } = fullAndCalm(console.app);

    await console.open(page, 'agents');
    await watchUntilFiring(page, [full, calm], [full]);
    await expect(page.getByTestId('alert-badge')).toHaveText('1 alert needs attention');

    // The editor says, before the save, which alert the edit ends and that it will read "cleared" without a recovery.
    await keepOnly(page, [calm]);
    const warning = page.getByTestId('edit-ends-alerts');
    await expect(warning).toHaveText(
      `Saving ends 1 active alert (${name} (${full})): its device is taken off the list, or its rule is changed or removed. It will show as cleared whether or not the device recovered.`,
    );
    await page.screenshot({ path: test.info().outputPath('edit-warning.png'), fullPage: true });
    await expectNoAxeViolations(page, { allRules: true });
    // Putting the device back takes the warning away: nothing would end.
    await page.getByLabel('Device numbers').fill([full, calm].join('\n'));
    await expect(warning).toHaveCount(0);
    await page.getByLabel('Device numbers').fill(String(calm));
    await expect(warning).toBeVisible();
    await page.getByRole('button', { name: 'Save and start' }).click();

    // Alert states: the device is no longer listed as firing (nor at all: it is off the list).
    const states = page.getByTestId('alert-states');
    await expect(states).toContainText('Every rule is normal on every device.');
    await expect(states.getByRole('row').filter({ hasText: String(full) })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Devices of Site 4' }).getByRole('row').filter({ hasText: String(full) })).toHaveCount(0);
    // The notification says why the alert went away: the list was edited, not a recovery.
    await expect
      .poll(() => console.logs.filter((line) => line.includes('[notify]')).join('\n'))
      .toContain(`Watchdesk: Site 4: ${name} (${full}): alert closed (storage over 95%) because the watch list was edited, not because it recovered.`);
    await page.screenshot({ path: test.info().outputPath('after-edit-alert-states.png'), fullPage: true });

    // The Alerts tab and the badge: the alert is cleared at once, not left active until a reload.
    await expect(page.getByTestId('alert-badge')).toHaveCount(0);
    await page.getByRole('tab', { name: /^Alerts/ }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Cleared');
    await expect(row).not.toContainText('Active');
    await expect(row).toContainText('device taken off the list');
    await expect(page.getByText('0 alerts not acknowledged')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('after-edit-alerts-tab.png'), fullPage: true });
    await expectNoAxeViolations(page, { allRules: true });
  });

  test('changing the firing rule: warned before the save, the old alert reads cleared by the change, the new rule starts afresh', async ({ page, console }) => {
    const simulator = sim(console.app);
    const [full] = [...simulator.state.agents.keys()] as [number];
    simulator.agents.update(full, { storage_percent: 97, is_online: true });
    const name = simulator.state.agents.get(full)!.name;

    await console.open(page, 'agents');
    await watchUntilFiring(page, [full], [full]);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Percent').fill('90');
    await expect(page.getByTestId('edit-ends-alerts')).toContainText(`Saving ends 1 active alert (${name} (${full}))`);
    await page.getByRole('button', { name: 'Save and start' }).click();

    // The device is judged by the new rule from its next poll: no longer firing by the old one.
    const row = page.getByTestId('alert-states').getByRole('row').filter({ hasText: String(full) });
    await expect(row).toContainText('storage over 90%');
    await expect(row).not.toContainText('Firing');
    await expect.poll(() => console.logs.some((line) => line.includes('[notify]') && line.includes('the watch list was edited'))).toBe(true);
    await page.getByRole('tab', { name: /^Alerts/ }).click();
    const alert = page.getByRole('row').filter({ hasText: name });
    await expect(alert).toContainText('Cleared');
    await expect(alert).toContainText('rule changed or removed since');
    await page.screenshot({ path: test.info().outputPath('rule-changed-alerts-tab.png'), fullPage: true });
  });

  test('in a browser, the Notification says the watch list was edited', { tag: '@full-chromium' }, async ({ page, console, context }) => {
    await context.grantPermissions(['notifications']);
    await recordNotifications(page);
    const { full, calm, name } = fullAndCalm(console.app);

    await console.open(page, 'agents');
    await watchUntilFiring(page, [full, calm], [full]);
    await keepOnly(page, [calm]);
    await page.getByRole('button', { name: 'Save and start' }).click();

    const bodies = () => page.evaluate(() => (window as unknown as { shownNotes: Array<{ body: string }> }).shownNotes.map((n) => n.body));
    await expect.poll(async () => (await bodies()).some((body) => body.includes('the watch list was edited'))).toBe(true);
    const body = (await bodies()).find((b) => b.includes('the watch list was edited'))!;
    expect(body).toBe(`${name} (${full}): alert closed (storage over 95%) because the watch list was edited, not because it recovered.`);
    await expect(page.getByTestId('alert-states').getByRole('row').filter({ hasText: String(full) })).toHaveCount(0);
  });
});
