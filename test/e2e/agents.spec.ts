import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';
import { SHAPE_RTSP_PASSWORD } from '../../main/simulator';
import { sim } from './watch-steps';

// A tall window so full-page screenshots show the whole screen (the shell scrolls inside its main area).
test.use({ timezoneId: 'Europe/Berlin', viewport: { width: 1280, height: 2200 } });

async function lookUp(page: Page, id: string | number): Promise<void> {
  const field = page.getByLabel('Device number', { exact: true });
  await field.fill(String(id));
  await field.press('Enter');
}

test.describe('camera-agent inspection', () => {
  test('looks a device up, reveals and copies a stream URL, then shows the last copy as stale when the server is unreachable', async ({ page, console, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const id = sim(console.app).state.agentShapes.credentials;
    const device = sim(console.app).state.agents.get(id)!;
    await console.open(page, 'agents');
    // The operator presses the shortcut once the screen is there (before it mounts, no listener can hear it).
    await expect(page.getByLabel('Device number', { exact: true })).toBeVisible();
    await page.keyboard.press('/');
    await expect(page.getByLabel('Device number', { exact: true })).toBeFocused();
    await lookUp(page, id);

    const view = page.getByTestId('device-view');
    await expect(view.getByRole('heading', { name: device.name })).toBeVisible();
    await expect(view.getByText('Online', { exact: true })).toBeVisible();
    await expect(page.getByTestId('usage-reading')).toContainText('Usage is read in megabytes');

    const high = page.getByTestId('stream-high');
    await expect(high.getByTestId('stream-url')).toHaveText(/^rtsp:\/\/•••:•••@.*token=•••$/);
    await expect(high.getByTestId('stream-url')).not.toContainText(SHAPE_RTSP_PASSWORD);
    await high.getByRole('button', { name: 'Reveal' }).click();
    await expect(high.getByTestId('stream-url')).toHaveText(device.camera.streams[0]!.url);
    await high.getByRole('button', { name: 'Copy the high stream address' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(device.camera.streams[0]!.url);
    // The server's own text keeps the stream password and token masked too, until revealed there.
    await page.getByText('Show the JSON').click();
    await expect(page.getByTestId('raw-json')).toContainText('"id"');
    await expect(page.getByTestId('raw-json')).not.toContainText(SHAPE_RTSP_PASSWORD);
    await page.getByRole('button', { name: 'Reveal credentials' }).click();
    await expect(page.getByTestId('raw-json')).toContainText(SHAPE_RTSP_PASSWORD);
    await page.getByRole('button', { name: 'Hide credentials' }).click();
    await page.screenshot({ path: test.info().outputPath('agent-device.png'), fullPage: true });
    await expectNoAxeViolations(page, { allRules: true });

    sim(console.app).faults.add({ path: '/api/v1/camera-agents', drop: true });
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect(page.getByTestId('stale-note')).toContainText('The server cannot be reached, so this is the last copy seen');
    await expect(page.getByTestId('fetched-at')).toHaveAttribute('datetime', /^\d{4}-/);
    await expect(page.getByText('Stale copy')).toBeVisible();
    await expect(high.getByTestId('stream-url')).not.toContainText(SHAPE_RTSP_PASSWORD);
    await expect(page.getByTestId('device-view').getByRole('heading', { name: device.name })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('agent-stale.png'), fullPage: true });
  });

  test('shows every shape in words: offline, no storages, four storages, nulls as “not reported”', async ({ page, console }) => {
    const shapes = sim(console.app).state.agentShapes;
    await console.open(page, 'agents');
    await lookUp(page, shapes['four-storages']);
    await expect(page.getByTestId('storage')).toHaveCount(4);
    await expect(page.getByText('Nearly full')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('agent-four-storages.png'), fullPage: true });
    await lookUp(page, shapes.nulls);
    await expect(page.getByTestId('last-updated-at')).toHaveText('not reported');
    // The raw JSON shows the server's nulls as they are; everywhere else a null reads "not reported".
    const words = await page.locator('[data-testid="device-view"] > header, #camera-title + div, [data-testid="streams"]').allInnerTexts();
    expect(words.join(' ')).not.toMatch(/\bnull\b/);
    await page.screenshot({ path: test.info().outputPath('agent-nulls.png'), fullPage: true });
    await lookUp(page, shapes['no-storages']);
    await expect(page.getByTestId('no-storages')).toBeVisible();
    await lookUp(page, shapes.offline);
    await expect(page.getByTestId('device-view').getByText('Offline', { exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Recent' }).getByRole('button')).toHaveCount(5);
  });

  test('refuses an answer over the device limit in one sentence, keeps nothing of it, and reads the next one as usual', async ({ page, console }) => {
    const id = sim(console.app).state.agentShapes.credentials;
    // 9 MB: more than any camera-agent device could be (the limit is 8 MB).
    sim(console.app).faults.add({ path: '/api/v1/camera-agents', status: 200, body: `{"pad":"${'a'.repeat(9 * 1024 * 1024)}"}`, times: 1 });
    await console.open(page, 'agents');
    await lookUp(page, id);
    await expect(page.getByText('The server sent more than 8 MB for the camera-agent device; nothing was kept.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('device-too-large.png') });
    const context = { sender: { transport: 'test' as const }, signal: new AbortController().signal };
    expect(await console.app.handlers['agents.cached']({ id: String(id) }, context)).toBeNull();
    await lookUp(page, id);
    await expect(page.getByTestId('device-view').getByRole('heading', { name: sim(console.app).state.agents.get(id)!.name })).toBeVisible();
  });

  test('says what went wrong: unknown number next to the field, a refused token with a way to Connect', async ({ page, console }) => {
    await console.open(page, 'agents');
    await lookUp(page, 999);
    await expect(page.locator('#agent-id-error')).toHaveText('The server has no camera-agent device number 999. Check the number.');
    await expect(page.getByLabel('Device number', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    const { profile } = await console.app.services.connections.active();
    console.app.services.connections.setDemoToken(profile.id, sim(console.app).limitedToken);
    await lookUp(page, sim(console.app).state.agentShapes.offline);
    await expect(page.getByTestId('error-banner')).toContainText('lacks the “camera-agents” permission');
    console.app.services.connections.setDemoToken(profile.id, 'at_wrong');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByTestId('error-banner')).toContainText('The server refused the API token.');
    await page.screenshot({ path: test.info().outputPath('agent-refused.png'), fullPage: true });
    await page.getByRole('button', { name: 'Open Connect' }).click();
    await expect(page).toHaveURL(/#\/connect$/);
  });
});

test.describe('the watch list', () => {
  test('polls 200 devices, one rule fires, the badge and the alert list show it, and it is acknowledged', async ({ page, console }) => {
    const simulator = sim(console.app);
    simulator.agents.add(140);
    const ids = [...simulator.state.agents.keys()];
    expect(ids).toHaveLength(200);
    // Every device comfortably below the threshold, except one.
    for (const id of ids) simulator.agents.update(id, { storage_percent: 40 });
    const full = ids[17]!;
    simulator.agents.update(full, { storage_percent: 97 });

    await console.open(page, 'agents');
    await page.getByRole('tab', { name: 'Watch lists' }).click();
    await page.getByRole('button', { name: 'New watch list' }).click();
    await page.getByLabel('Name').fill('NOC wall');
    await page.getByLabel('Device numbers').fill(ids.join('\n'));
    await expect(page.getByText('200 devices', { exact: true })).toBeVisible();
    await page.getByLabel('New rule').selectOption({ label: 'Storage over N%' });
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Percent').fill('95');
    await page.screenshot({ path: test.info().outputPath('watch-editor.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save and start' }).click();

    const summary = page.getByTestId('watch-summary');
    await expect(summary).toContainText('Watching');
    await expect(summary).toContainText('0 waiting');
    await page.getByRole('button', { name: 'Poll now' }).click();
    await expect(page.getByTestId('alert-badge')).toHaveText('1 alert needs attention');
    await expect(page.getByRole('tab', { name: 'Alerts (1)' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Devices of NOC wall' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('watch-list.png'), fullPage: true });
    await expectNoAxeViolations(page, { allRules: true });

    await page.getByRole('tab', { name: 'Alerts (1)' }).click();
    const name = simulator.state.agents.get(full)!.name;
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(page.getByText('storage at 97%')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('watch-alerts.png'), fullPage: true });
    await expectNoAxeViolations(page, { allRules: true });
    await page.getByRole('button', { name: `Acknowledge ${name}` }).click();
    await expect(page.getByTestId('alert-badge')).toHaveCount(0);
    expect(console.logs.some((line) => line.includes('[notify]') && line.includes('storage at 97%'))).toBe(true);
  });
});

test.describe('the watch list at laptop sizes', () => {
  test('imports a wide CSV export, refuses a binary file, moves the focus, and keeps names readable at 1024x640', async ({ page, console }) => {
    const simulator = sim(console.app);
    const ids = [...simulator.state.agents.keys()];
    for (const id of ids) simulator.agents.update(id, { storage_percent: 40 });
    const [fullA, fullB] = [ids[3]!, ids[7]!];
    simulator.agents.update(fullA, { storage_percent: 97 });
    simulator.agents.update(fullB, { storage_percent: 98 });

    await console.open(page, 'agents');
    await page.getByRole('tab', { name: 'Watch lists' }).click();
    await page.getByRole('button', { name: 'New watch list' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
    await page.getByLabel('Name').fill('Lobby cameras');

    // A binary file is refused with the true reason, not read as noise with a few numbers in it.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'photo.png', mimeType: 'text/plain', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 49, 50, 51]) });
    await expect(page.getByText('“photo.png” is not a CSV or text list of device numbers.', { exact: false })).toBeVisible();

    // A wide export: many columns, the id in one of them; one unknown device (999) to show a failed row.
    const header = 'name,site,zone,device_id,model,serial,notes';
    const lines = [...ids, '999'].map((id, i) => `Camera ${i},Riga,Z${i % 4},${id},AX-${i},SN${i}${'x'.repeat(40)},"note, with comma"`);
    await fileInput.setInputFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...lines].join('\n')) });
    await expect(page.getByTestId('devices-source')).toHaveText('Read the “device_id” column of “export.csv”.');
    await expect(page.getByText(`${ids.length + 1} devices`, { exact: true })).toBeVisible();
    await page.getByLabel('New rule').selectOption({ label: 'Storage over N%' });
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Percent').fill('95');
    await page.getByLabel('Requests at a time').fill('');
    await page.getByRole('button', { name: 'Save and start' }).click();
    await expect(page.getByText('Enter how many requests may run at a time, from 1 to 32.')).toBeVisible();
    await page.getByLabel('Requests at a time').fill('4');
    await page.getByRole('button', { name: 'Save and start' }).click();
    await expect(page.getByRole('heading', { name: 'Lobby cameras' })).toBeFocused();

    // The first cycle (61 devices, 4 at a time) takes well under a second; its end comes as an event (a summary read
    // mid-cycle that arrives later must not undo it: see watch-summaries.ts). The wait allows for a crowded machine.
    await expect(page.getByTestId('watch-summary')).toContainText('Watching', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Poll now' }).click();
    await expect(page.getByTestId('alert-badge')).toHaveText('2 alerts need attention');
    const table = page.getByRole('region', { name: 'Devices of Lobby cameras' });
    // Sorted by Online, the unread device (999) comes first, its reason in the Name column.
    await table.getByRole('button', { name: 'Online' }).click();
    await expect(table.getByText(/device number 999/)).toBeVisible();

    const sizes = [
      { width: 1280, height: 800 },
      { width: 1024, height: 640 },
    ];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of sizes) {
        await page.setViewportSize(size);
        const nameHeader = table.getByRole('columnheader', { name: 'Name' });
        expect((await nameHeader.boundingBox())!.width).toBeGreaterThan(200);
        await table.screenshot({ path: test.info().outputPath(`watch-table-${size.width}-${scheme}.png`) });
        await page.screenshot({ path: test.info().outputPath(`watch-page-${size.width}-${scheme}.png`) });
      }
    }

    await page.getByRole('tab', { name: 'Alerts (2)' }).click();
    const alertsTable = page.getByRole('region', { name: 'Alerts', exact: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of sizes) {
        await page.setViewportSize(size);
        expect((await alertsTable.getByRole('columnheader', { name: 'What happened' }).boundingBox())!.width).toBeGreaterThan(200);
        await alertsTable.screenshot({ path: test.info().outputPath(`alerts-table-${size.width}-${scheme}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page, { allRules: true });

    // Acknowledging moves the focus to the next alert, and after the last one to the heading.
    const first = page.locator('[data-ack]').first();
    await first.click();
    await expect(page.locator('[data-ack]')).toHaveCount(1);
    await expect(page.locator('[data-ack]')).toBeFocused();
    await page.locator('[data-ack]').click();
    await expect(page.getByRole('heading', { name: 'Alerts', exact: true })).toBeFocused();
  });
});
