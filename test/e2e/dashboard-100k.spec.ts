import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { startSimulator, type RunningSimulator } from '../../main/simulator';

// 100,000 media servers (a 60 MB answer): main keeps them, the page holds the window it shows.
test.use({ timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 1400 } });
test.setTimeout(240_000);

const COUNT = 100_000;
let sim: RunningSimulator;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  sim = await startSimulator({ seed: 7, mediaServers: COUNT, topMediaServers: COUNT });
});
test.afterAll(async () => {
  await sim?.close();
});

const hostname = (s: { extra: { server: { hostname: string } } }) => s.extra.server.hostname;

async function scrollTable(page: Page, to: 'end' | 'start'): Promise<void> {
  await page.getByRole('region', { name: 'Media servers, busiest first' }).evaluate((element, where) => {
    element.scrollTop = where === 'end' ? element.scrollHeight : 0;
  }, to);
}

test('sorts, filters and scrolls 100,000 media servers through windows of rows', async ({ page, console }) => {
  const profile = await console.app.services.profiles.create({ name: 'Big fleet', baseUrl: sim.baseUrl });
  console.app.services.connections.setDemoToken(profile.id, sim.apiToken);
  await console.app.services.profiles.setActive(profile.id);
  const servers = sim.state.mediaServers;
  expect(servers).toHaveLength(COUNT);

  const answer = page.waitForResponse((response) => response.url().includes('/ipc/dashboard.get'), { timeout: 120_000 });
  await console.open(page, 'dashboard');
  // What crossed to the page is the figures and a window, not 60 MB.
  const body = await (await answer).body();
  expect(body.length).toBeLessThan(1_000_000);

  const table = page.getByRole('table', { name: 'Media servers, busiest first' });
  await expect(table).toHaveAttribute('aria-rowcount', String(COUNT + 1), { timeout: 120_000 });
  await expect(page.getByTestId('servers-count')).toContainText('of 100,000 media servers');
  await page.screenshot({ path: test.info().outputPath('100k-first.png') });

  // Sort in main: the quietest server (by traffic out) comes first.
  await table.getByRole('button', { name: 'Traffic out' }).click();
  await expect(table.getByRole('columnheader', { name: /Traffic out/ })).toHaveAttribute('aria-sort', 'ascending');
  const least = Math.min(...servers.map((s) => s.traffic_out));
  const quietest = servers.filter((s) => s.traffic_out === least).map(hostname);
  await expect(table.locator('tbody tr[aria-rowindex="2"]')).toContainText(quietest[0]!);

  // Scroll to the end: the busiest server is the last row, fetched when the table got there.
  await scrollTable(page, 'end');
  const most = Math.max(...servers.map((s) => s.traffic_out));
  const busiest = servers.filter((s) => s.traffic_out === most).map(hostname);
  const lastRow = table.locator(`tbody tr[aria-rowindex="${COUNT + 1}"]`);
  await expect(lastRow).toContainText(busiest.at(-1)!);
  await page.screenshot({ path: test.info().outputPath('100k-sorted-end.png') });

  // Filter in main by a host name: one row.
  const one = servers[54_321]!;
  await scrollTable(page, 'start');
  await page.getByLabel('Filter').fill(hostname(one));
  const exact = servers.filter((s) => [hostname(s), s.domain, s.internal_domain, s.external_domain].some((text) => text.includes(hostname(one))));
  await expect(page.getByTestId('servers-count')).toHaveText(`${exact.length} of 100,000 media server${exact.length === 1 ? '' : 's'}`);
  await expect(table.locator('tbody tr[aria-rowindex="2"]')).toContainText(hostname(exact[0]!));
  await page.screenshot({ path: test.info().outputPath('100k-filtered.png') });

  // The state filter over all of them, scrolled to its end.
  await page.getByLabel('Filter').fill('');
  await page.getByLabel('State', { exact: true }).selectOption('disabled');
  const disabled = servers.filter((s) => !s.is_enabled).toSorted((a, b) => a.traffic_out - b.traffic_out);
  await expect(page.getByTestId('servers-count')).toHaveText(`${disabled.length.toLocaleString('en-GB')} of 100,000 media servers`);
  await expect(table).toHaveAttribute('aria-rowcount', String(disabled.length + 1));
  await scrollTable(page, 'end');
  const lastDisabled = table.locator(`tbody tr[aria-rowindex="${disabled.length + 1}"]`);
  await expect(lastDisabled).toContainText('Disabled');
  await expect(lastDisabled).toContainText(hostname(disabled.at(-1)!));
  await page.screenshot({ path: test.info().outputPath('100k-disabled-end.png') });
});
