import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import type { RunningSimulator } from '../../main/simulator';

test.use({ timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 2200 } });

function sim(app: { demoServer: RunningSimulator | null }): RunningSimulator {
  return app.demoServer!;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('alert states', () => {
  test('a rule goes Pending, then Firing; it is acknowledged with a note and its device muted; the device shows its history', async ({ page, console }) => {
    const simulator = sim(console.app);
    const ids = [...simulator.state.agents.keys()].slice(0, 3);
    for (const id of ids) simulator.agents.update(id, { storage_percent: 40, is_online: true });
    const [full, , silent] = ids as [number, number, number];
    simulator.agents.update(full, { storage_percent: 97 });
    simulator.agents.setBehaviour([silent], { kind: 'silent' });

    await console.open(page, 'agents');
    await page.getByRole('tab', { name: 'Watch lists' }).click();
    await page.getByRole('button', { name: 'New watch list' }).click();
    await page.getByLabel('Name').fill('Site 4');
    await page.getByLabel('Device numbers').fill(ids.join('\n'));
    await page.getByLabel('New rule').selectOption({ label: 'Storage over N%' });
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Percent').fill('95');
    await page.getByRole('button', { name: 'Save and start' }).click();

    const states = page.getByTestId('alert-states');
    await expect(states.getByTestId('alert-state').filter({ hasText: String(full) })).toContainText('Pending');
    await page.getByRole('button', { name: 'Poll now' }).click();
    const firing = states.getByTestId('alert-state').filter({ hasText: String(full) });
    await expect(firing).toContainText('Firing');
    await expect(firing).toContainText('since');
    await page.getByRole('button', { name: 'Poll now' }).click();
    await expect(states.getByTestId('alert-state').filter({ hasText: String(silent) })).toContainText('No data');

    await firing.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByLabel('Note for the next operator').fill('Disk swap booked for Tuesday');
    await page.getByRole('dialog').getByRole('button', { name: 'Acknowledge' }).click();
    await expect(firing).toContainText('Disk swap booked for Tuesday');
    await firing.getByRole('button', { name: 'Mute device' }).click();
    await expect(firing).toContainText('Device muted');
    await page.screenshot({ path: test.info().outputPath('alert-states.png'), fullPage: true });
    await expectNoAxeViolations(page);

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
    await expectNoAxeViolations(page);
  });
});
