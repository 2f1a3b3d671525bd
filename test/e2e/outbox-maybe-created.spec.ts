import { test, expect } from './fixtures';

test.use({ timezoneId: 'Europe/Riga', viewport: { width: 1280, height: 1200 } });
// The next automatic try is a minute away: the camera stays "maybe created" while the installer looks at it.
test.use({ onboardingOptions: { tuning: { baseDelayMs: 60_000, maxDelayMs: 120_000 } } });

test('a camera whose answer was lost is not removed from the outbox, and the panel says why', async ({ page, console }) => {
  const sim = console.app.demoServer!;
  const folder = [...sim.state.foldersByKey.values()][0]!;
  const group = sim.state.treeById.get(folder.group_id)!.key;
  // The server makes the camera and the connection drops before its answer.
  sim.faults.add({ path: '/api/v2/billing/cameras', dropAfter: true, times: 1 });
  await console.open(page, 'onboarding');
  await page.getByLabel('Camera name').fill('Loading bay');
  await page.getByLabel('MAC address').fill('02-00-00-00-cc-01');
  await page.getByRole('button', { name: /Placement/ }).click();
  await page.locator('#group').fill(group);
  await page.locator('#folder').fill(folder.key);
  await page.getByRole('button', { name: /Review/ }).click();
  await page.getByRole('button', { name: 'Save to outbox' }).click();
  await page.getByTestId('sync-indicator').click();
  await expect(page.getByTestId('outbox-entry')).toHaveAttribute('data-state', 'retrying');
  // Remove is not offered (main would refuse it); the row says why and what settles it.
  await expect(page.getByTestId('outbox-entry').getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(page.getByTestId('stays-maybe-created')).toContainText('the server may have made it already');
  await expect(page.getByTestId('outbox-entry')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('outbox-maybe-created-remove.png'), fullPage: true });
  await page.getByRole('button', { name: 'Try now' }).click();
  await expect(page.getByTestId('outbox-entry')).toHaveAttribute('data-state', 'created');
  expect(sim.state.createdCameras.filter((c) => c.response.network_device.mac === '02:00:00:00:CC:01')).toHaveLength(1);
});
