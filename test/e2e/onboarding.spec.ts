import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';

test.use({ timezoneId: 'Europe/Riga', viewport: { width: 1280, height: 1800 } });

/** A folder of the demo server's seeded tree and the key of its tree element. */
function placement(state: { foldersByKey: Map<string, { key: string; group_id: number }>; treeById: Map<number, { key: string }> }, index = 0) {
  const folder = [...state.foldersByKey.values()][index]!;
  return { group: state.treeById.get(folder.group_id)!.key, folder: folder.key };
}

/** Presses Tab until the focused element matches (keyboard only); fails after 40 presses. */
async function tabTo(page: Page, matches: (el: { id: string; text: string; label: string; tag: string; type: string }) => boolean, shift = false): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      const label = a && 'labels' in a ? [...((a as HTMLInputElement).labels ?? [])].map((l) => l.textContent ?? '').join(' ') : '';
      return { id: a?.id ?? '', text: (a?.textContent ?? '').trim(), label: label.trim(), tag: a?.tagName.toLowerCase() ?? '', type: (a as HTMLInputElement | null)?.type ?? '' };
    });
    if (matches(el)) return;
  }
  throw new Error('the focus never reached the element');
}
/** The fewest fields a camera needs (name, MAC, placement), then the Review step, by mouse. */
async function fillToReview(page: Page, camera: { name: string; mac: string; group: string; folder: string }): Promise<void> {
  await page.getByLabel('Camera name').fill(camera.name);
  await page.getByLabel('MAC address').fill(camera.mac);
  await page.getByRole('button', { name: /Placement/ }).click();
  await page.locator('#group').fill(camera.group);
  await page.locator('#folder').fill(camera.folder);
  await page.getByRole('button', { name: /Review/ }).click();
}
const id = (want: string) => (el: { id: string }) => el.id === want;
const button = (name: string) => (el: { tag: string; text: string }) => el.tag === 'button' && el.text.startsWith(name);

test.describe('camera onboarding', () => {
  test('one camera through every wizard step with the keyboard only', async ({ page, console }) => {
    // Five steps typed key by key, with a screenshot of each: on a busy 2-core machine this alone has taken 57 s.
    test.setTimeout(150_000);
    const { group, folder } = placement(console.app.demoServer!.state);
    await console.open(page, 'onboarding');
    const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

    await expect(page.getByRole('heading', { name: 'Step 1 of 5: Identity' })).toBeVisible();
    await tabTo(page, id('name'));
    await page.keyboard.type('Depot gate north');
    await page.keyboard.press('Tab');
    // A scanner types fast and ends with Enter: the MAC is normalised and the focus moves on to the serial.
    await page.keyboard.type('aabbcc0000f1', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.locator('#serial_number')).toBeFocused();
    await expect(page.locator('#mac')).toHaveValue('AA:BB:CC:00:00:F1');
    await page.keyboard.type('SN-77-0001', { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.locator('#external_id')).toBeFocused();
    await expect(page.locator('#external_id')).toHaveValue(/^[0-9a-f-]{36}$/);
    await shot('1-identity');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Step 2 of 5: Placement' })).toBeFocused();
    // Next with nothing filled: the problems show and the focus goes to the first.
    await tabTo(page, button('Next'));
    await page.keyboard.press('Enter');
    await expect(page.locator('#group')).toBeFocused();
    await expect(page.getByText('Enter the key.').first()).toBeVisible();
    await page.keyboard.type(group);
    await tabTo(page, id('folder'));
    await page.keyboard.type(folder);
    await tabTo(page, id('latitude'));
    await page.keyboard.type('56.9496, 24.1052');
    await page.keyboard.press('Tab');
    await expect(page.locator('#latitude')).toHaveValue('56.9496');
    await expect(page.locator('#longitude')).toHaveValue('24.1052');
    await shot('2-placement');
    await expectNoAxeViolations(page);
    await tabTo(page, button('Next'));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Step 3 of 5: Access' })).toBeFocused();
    await tabTo(page, id('onvif_login'));
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('s3cret-onvif');
    await expect(page.locator('#onvif_password')).toHaveAttribute('type', 'password');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.locator('#onvif_password')).toHaveAttribute('type', 'text');
    await page.keyboard.press('Enter');
    await tabTo(page, id('onvif_port'));
    await page.keyboard.type('80');
    await shot('3-access');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Step 4 of 5: Recording' })).toBeFocused();
    await tabTo(page, id('streams.high.archive_storage_days'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('14');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('#streams\\.high\\.archive_recording_type')).toHaveValue('timetable');
    await tabTo(page, button('Add a day'));
    await page.keyboard.press('Enter');
    await tabTo(page, button('Add a pause'), true);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('timetable-words')).toHaveText(/Every day from 08:00 to 20:00 \(UTC\+0[23]:00\)\. Pauses: 12:00–13:00\. 11 h 0 min of recording a day\./);
    await shot('4-recording');
    await expectNoAxeViolations(page);
    await tabTo(page, button('Next'));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Step 5 of 5: Review' })).toBeFocused();
    const review = page.getByTestId('review-request');
    await expect(review).toContainText('"mac": "AA:BB:CC:00:00:F1"');
    await expect(review).toContainText('"archive_recording_type": "timetable"');
    await expect(review).not.toContainText('s3cret-onvif');
    await shot('5-review');
    await expectNoAxeViolations(page);
    await tabTo(page, button('Create now'));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Camera "Depot gate north" created' })).toBeVisible();
    await expect(page.getByTestId('created-id')).toHaveText(/^\d+$/);
    await shot('6-created');
    await expectNoAxeViolations(page);
    const created = console.app.demoServer!.state.createdCameras;
    expect(created).toHaveLength(1);
    expect(created[0]!.response.network_device).toEqual({ mac: 'AA:BB:CC:00:00:F1', serial_number: 'SN-77-0001' });
    expect(created[0]!.streams[0]).toMatchObject({ archive_storage_days: 14, archive_recording_type: 'timetable' });
    await expect(page.getByTestId('sync-indicator')).toHaveText(/All sent/);
  });

  test('a 200-row CSV with 7 bad rows: every problem on its cell, the 193 good ones created through the outbox', async ({ page, console }) => {
    const state = console.app.demoServer!.state;
    const { group, folder } = placement(state);
    const header = 'name,mac,serial_number,group_external_id,folder_key,latitude,longitude,high_storage_days';
    const rows: string[] = [];
    for (let i = 1; i <= 200; i++) {
      const mac = `02:00:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`;
      rows.push(`Import cam ${i},${mac},SN-${i},${group},${folder},56.9,24.1,30`);
    }
    rows[9] = `Import cam 10,02:00:00:00:00:zz,SN-10,${group},${folder},56.9,24.1,30`; // bad MAC
    rows[19] = `,02:00:00:00:00:14,SN-20,${group},${folder},56.9,24.1,30`; // no name
    rows[29] = `Import cam 30,02:00:00:00:00:1e,SN-30,${group},${folder},56.9,24.1,91`; // 91 days
    rows[39] = `Import cam 40,02:00:00:00:00:01,SN-40,${group},${folder},56.9,24.1,30`; // MAC of row 1
    rows[49] = `Import cam 50,02:00:00:00:00:32,SN-50,${group},${folder},95,24.1,30`; // latitude
    rows[59] = `Import cam 60,02:00:00:00:00:3c,SN-1,${group},${folder},56.9,24.1,30`; // serial of row 1
    rows[69] = `Import cam 70,02:00:00:00:00:46,SN-70,${group},${folder},56.9`; // cells missing
    await console.open(page, 'onboarding');
    await page.getByRole('tab', { name: 'Import from CSV' }).click();
    await page.getByTestId('import-file').setInputFiles({ name: 'site.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\r\n')) });
    await expect(page.getByTestId('import-summary')).toHaveText('site.csv: 200 rows, 193 ready, 7 with problems.');
    const table = page.getByRole('table', { name: 'Rows of the file' });
    await expect(table.getByRole('row')).toHaveCount(8);
    await expect(table).toContainText('mac: A MAC address has only the digits 0-9');
    await expect(table).toContainText('name: Fill in this field.');
    await expect(table).toContainText('high_storage_days: Keep the archive from 1 to 90 days.');
    await expect(table).toContainText('mac: The same value is in row 1.');
    await expect(table).toContainText('latitude: Latitude is between -90 and 90.');
    await expect(table).toContainText('serial_number: The same value is in row 1.');
    await expect(table).toContainText('This row has 6 cells; the header has 8.');
    await page.screenshot({ path: test.info().outputPath('import-checked.png'), fullPage: true });
    await expectNoAxeViolations(page);

    // The progress reaches the bar as onboarding.importProgress pushes: record every value it shows while it runs, with
    // a little latency per create so that the import lasts long enough to be seen half done.
    console.app.demoServer!.faults.add({ path: '/api/v2/billing/cameras', latencyMs: 40 });
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector<HTMLProgressElement>('[data-testid="import-progress"] progress');
        if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
    });
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-progress')).toContainText(/\b([1-9]|[1-9]\d|1[0-8]\d|19[0-2]) of 193 done: \d+ created/);
    await page.screenshot({ path: test.info().outputPath('import-running.png'), fullPage: true });
    await expect(page.getByTestId('import-progress')).toContainText('193 of 193 done: 193 created', { timeout: 30_000 });
    await page.screenshot({ path: test.info().outputPath('import-done.png'), fullPage: true });
    console.app.demoServer!.faults.clear();
    expect(state.createdCameras.filter((c) => c.response.name.startsWith('Import cam'))).toHaveLength(193);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.some((value) => value > 0 && value < 193)).toBe(true);
    expect(seen.at(-1)).toBe(193);
    expect(console.requests.map((request) => request.path).filter((path) => path === '/ipc/onboarding.importStatus')).toEqual([]);

    await page.getByRole('tab', { name: /Outbox/ }).click();
    await expect(page.getByTestId('outbox-counts')).toHaveText(/Waiting: 0 · Created: 193 · To fix: 0/);
    await page.screenshot({ path: test.info().outputPath('outbox.png'), fullPage: true });
    await expectNoAxeViolations(page);

    await page.getByRole('tab', { name: 'Created' }).click();
    await page.getByLabel('Search by name, MAC, serial, id or folder').fill('SN-199');
    await expect(page.getByText('Showing 1 of 193.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Created cameras' })).toContainText('Demo server (built-in simulator)');
    await page.screenshot({ path: test.info().outputPath('created.png'), fullPage: true });
    await expectNoAxeViolations(page);

    // "Clear created" asks first and can be undone; the cameras stay known, so the same file again sends nothing.
    await page.getByRole('tab', { name: /Outbox/ }).click();
    await page.getByRole('button', { name: 'Clear created' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Clear created cameras from the outbox?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Clear created' }).click();
    await expect(page.getByTestId('undo-note')).toContainText('Created cameras were cleared from the outbox.');
    await expect(page.getByTestId('outbox-entry')).toHaveCount(0);
    // An empty outbox counts nothing created (the created list keeps them).
    await expect(page.getByTestId('outbox-counts')).toHaveText(/Waiting: 0 · Created: 0 · To fix: 0/);
    await page.screenshot({ path: test.info().outputPath('outbox-cleared.png'), fullPage: true });
    await page.getByTestId('undo-note').getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByTestId('outbox-entry').first()).toBeVisible();
    await page.getByRole('button', { name: 'Clear created' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clear created' }).click();
    await expect(page.getByTestId('outbox-entry')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Import from CSV' }).click();
    // Back on the tab, the import is as it was left: its file and its progress.
    await expect(page.getByTestId('import-summary')).toHaveText('site.csv: 200 rows, 193 ready, 7 with problems.');
    await expect(page.getByTestId('import-progress')).toContainText('193 of 193 done: 193 created');
    await page.getByTestId('import-file').setInputFiles({ name: 'site-again.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\r\n')) });
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-existing')).toHaveText('193 rows are cameras that already exist (see the reason in each row). Nothing was sent.');
    await expect(table).toContainText('Already created from this console on Demo server (built-in simulator) (same MAC address; cleared from the outbox).');
    await page.screenshot({ path: test.info().outputPath('import-existing.png'), fullPage: true });
    await expectNoAxeViolations(page);
    await page.getByTestId('import-create-again').click();
    await expect(page.getByRole('alertdialog', { name: 'Create cameras that already exist?' })).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect(state.createdCameras.filter((c) => c.response.name.startsWith('Import cam'))).toHaveLength(193);
  });

});

test.describe('camera onboarding outbox', () => {
  // The next automatic try is a minute away, so the camera can only go out when the operator presses "Try now".
  test.use({ onboardingOptions: { tuning: { baseDelayMs: 60_000, maxDelayMs: 120_000 } } });

  test('cameras saved while the server is down wait in the outbox, and the header says so', async ({ page, console }) => {
    const sim = console.app.demoServer!;
    const { group, folder } = placement(sim.state);
    sim.faults.add({ path: '/api/v2/billing/cameras', status: 503 });
    await console.open(page, 'onboarding');
    await fillToReview(page, { name: 'Yard', mac: '02-00-00-00-aa-01', group, folder });
    await page.getByRole('button', { name: 'Save to outbox' }).click();
    await expect(page.getByRole('heading', { name: 'Camera "Yard" saved in the outbox' })).toBeVisible();
    await expect(page.getByTestId('sync-indicator')).toHaveText(/1 waiting/);
    await page.getByTestId('sync-indicator').click();
    await expect(page.getByTestId('outbox-entry')).toHaveAttribute('data-state', 'retrying');
    await expect(page.getByTestId('outbox-entry')).toContainText('temporarily unavailable');
    await page.screenshot({ path: test.info().outputPath('outbox-waiting.png'), fullPage: true });
    await expectNoAxeViolations(page);
    sim.faults.clear();
    await page.getByRole('button', { name: 'Try now' }).click();
    await expect(page.getByTestId('outbox-entry')).toHaveAttribute('data-state', 'created');
    await expect(page.getByTestId('sync-indicator')).toHaveText(/All sent/);
  });
});

test.describe('camera onboarding: cancel while waiting', () => {
  test('"Create now" can be cancelled while it waits: the saved camera stays in the outbox and is created once', async ({ page, console }) => {
    const sim = console.app.demoServer!;
    const { group, folder } = placement(sim.state);
    // The server takes its time with the first create: long enough to press Cancel while the wizard waits.
    sim.faults.add({ path: '/api/v2/billing/cameras', latencyMs: 4_000, times: 1 });
    await console.open(page, 'onboarding');
    await fillToReview(page, { name: 'Gatehouse', mac: '02-00-00-00-bb-01', group, folder });
    await page.getByRole('button', { name: 'Create now' }).click();

    const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    await expect(cancel).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Waiting for the server to answer' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('create-now-waiting.png'), fullPage: true });
    await cancel.click();

    await expect(page.getByRole('heading', { name: 'Camera "Gatehouse" saved in the outbox' })).toBeVisible();
    await expect(page.getByTestId('stopped-waiting')).toContainText('it stays in the outbox and is created from there');
    await page.screenshot({ path: test.info().outputPath('create-now-cancelled.png'), fullPage: true });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Open the outbox' }).click();
    await expect(page.getByTestId('outbox-entry')).toHaveAttribute('data-state', 'created', { timeout: 15_000 });
    expect(sim.state.createdCameras.filter((c) => c.response.name === 'Gatehouse')).toHaveLength(1);
  });
});
