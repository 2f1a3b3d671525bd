import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

// Tall enough that a full-page screenshot shows the import's table, notices and buttons together.
test.use({ viewport: { width: 1280, height: 1300 } });

function placement(state: { foldersByKey: Map<string, { key: string; group_id: number }>; treeById: Map<number, { key: string }> }) {
  const folder = [...state.foldersByKey.values()][0]!;
  return { group: state.treeById.get(folder.group_id)!.key, folder: folder.key };
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** A site's list of `count` cameras as an installer brings it. */
function siteCsv(group: string, folder: string, count: number): Buffer {
  const header = 'name,mac,serial_number,group_external_id,folder_key,latitude,longitude,high_storage_days';
  const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
  const rows = Array.from({ length: count }, (_, i) => `Site cam ${i + 1},02:00:00:30:${hex((i + 1) >> 8)}:${hex((i + 1) & 255)},SN-W${i + 1},${group},${folder},56.9,24.1,30`);
  return Buffer.from([header, ...rows].join('\n'));
}

test.describe('an installer imports a site offline, comes back online and imports the same file again', () => {
  test('the import says the cameras are kept while the server is away, and a second import of the file says they all exist', async ({ page, console }) => {
    test.setTimeout(120_000);
    const { group, folder } = placement(console.app.demoServer!.state);
    const csv = siteCsv(group, folder, 200);
    console.app.demoServer!.faults.add({ path: '/api/', drop: true });
    await console.open(page, 'onboarding');
    await page.getByRole('tab', { name: 'Import from CSV' }).click();
    await page.getByTestId('import-file').setInputFiles({ name: 'site.csv', mimeType: 'text/csv', buffer: csv });
    await expect(page.getByTestId('import-summary')).toHaveText('site.csv: 200 rows, 200 ready, 0 with problems.');
    await page.getByTestId('import-start').click();

    // Offline the bar stands at 0 of 200: the panel says where the cameras are and that they go on their own.
    const waiting = page.getByTestId('import-waiting');
    await expect(waiting).toHaveText('The server cannot be reached now, so 200 cameras are kept in the outbox on this computer. They are sent on their own as soon as the server answers; closing Watchdesk meanwhile loses nothing.');
    await expect(page.getByTestId('import-progress')).toContainText('0 of 200 done');
    await expectNoAxeViolations(page);
    await shot(page, 'import-offline');
    await page.getByTestId('language').selectOption('ru');
    await expect(waiting).toContainText('Сервер сейчас недоступен, поэтому 200 камер хранятся в очереди на этом компьютере.');
    // The table's headers follow the language switched while the panel is open.
    await expect(page.getByRole('columnheader', { name: 'Проверка' })).toBeVisible();
    await shot(page, 'import-offline-ru');
    await page.getByTestId('language').selectOption('en');

    console.app.demoServer!.faults.clear();
    await page.getByRole('tab', { name: /Outbox/ }).click();
    await page.getByRole('button', { name: 'Try all again now' }).click();
    await expect(page.getByTestId('outbox-counts')).toHaveText('Waiting: 0 · Created: 200 · To fix: 0', { timeout: 60_000 });
    await page.getByRole('tab', { name: 'Import from CSV' }).click();
    await expect(page.getByTestId('import-progress')).toContainText('200 of 200 done: 200 created');
    await expect(waiting).toHaveCount(0);

    // "Clear created" asks first, Enter answers it, and the clear can be undone.
    await page.getByRole('tab', { name: /Outbox/ }).click();
    await page.getByRole('button', { name: 'Clear created' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Clear created cameras from the outbox?' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('undo-note')).toContainText('Created cameras were cleared from the outbox.');
    await expect(page.getByTestId('outbox-counts')).toHaveText('Waiting: 0 · Created: 0 · To fix: 0');

    // The same file again: every row says its camera exists, nothing is sent, and no button stands greyed out.
    await page.getByRole('tab', { name: 'Import from CSV' }).click();
    await page.getByTestId('import-file').setInputFiles({ name: 'site.csv', mimeType: 'text/csv', buffer: csv });
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-summary')).toHaveText('site.csv: 200 rows, 0 new, 200 existing, 0 with problems.');
    await expect(page.getByTestId('import-existing')).toHaveText('200 rows are cameras that already exist (see the reason in each row). Nothing was sent.');
    await expect(page.getByTestId('import-nothing-new')).toHaveText('There is nothing new in this file to import. Create them again only if they were deleted on the server.');
    await expect(page.getByTestId('import-skip-existing')).toHaveCount(0);
    await expect(page.getByTestId('import-create-again')).toHaveText('Create them again');
    const firstReason = page.getByRole('row', { name: /Site cam 1\b/ }).locator('.problems');
    await expect(firstReason).toContainText('It is not sent again unless you choose to create it again.');
    // The whole sentence is drawn (two lines), not cut after its first words.
    expect(await firstReason.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    const sent = console.app.demoServer!.state.cameras.length;
    await expectNoAxeViolations(page);
    await shot(page, 'reimport-all-exist');
    await page.getByTestId('language').selectOption('ru');
    await expect(page.getByTestId('import-summary')).toHaveText('site.csv: 200 строк, новых 0, уже есть 200, с ошибками 0.');
    await shot(page, 'reimport-all-exist-ru');
    await page.getByRole('tab', { name: 'Созданные' }).click();
    await expect(page.getByRole('columnheader', { name: 'Создана' })).toBeVisible();
    // The time each camera was created is read whole, not cut to its date.
    const when = page.getByRole('row').nth(1).getByRole('cell').last();
    await expect(when).toContainText(/\d\d:\d\d/);
    expect(await when.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shot(page, 'created-ru');
    expect(console.app.demoServer!.state.cameras.length).toBe(sent);
  });

  test('a file with new and existing cameras offers to import only the new ones, and says how many of each', async ({ page, console }) => {
    const { group, folder } = placement(console.app.demoServer!.state);
    await console.open(page, 'onboarding');
    await page.getByRole('tab', { name: 'Import from CSV' }).click();
    await page.getByTestId('import-file').setInputFiles({ name: 'first.csv', mimeType: 'text/csv', buffer: siteCsv(group, folder, 1) });
    await expect(page.getByTestId('import-summary')).toHaveText('first.csv: 1 row, 1 ready, 0 with problems.');
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-progress')).toContainText('1 of 1 done: 1 created');
    await page.getByTestId('import-file').setInputFiles({ name: 'more.csv', mimeType: 'text/csv', buffer: siteCsv(group, folder, 5) });
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-summary')).toHaveText('more.csv: 5 rows, 4 new, 1 existing, 0 with problems.');
    await expect(page.getByTestId('import-existing')).toHaveText('1 row is a camera that already exists (see the reason in its row). Nothing was sent.');
    await expect(page.getByTestId('import-create-again')).toHaveText('Create the existing ones again too');
    await expect(page.getByTestId('import-nothing-new')).toHaveCount(0);
    await page.getByTestId('import-skip-existing').click();
    await expect(page.getByTestId('import-progress')).toContainText('4 of 4 done: 4 created');
    await expect(page.getByTestId('import-skipped')).toHaveText('1 row was not queued: the camera already exists.');
  });
});

test.describe('an installer cancels the rest of an import while the server is away', () => {
  /** Starts an import of `count` cameras that the server's fault holds back. */
  async function startStuckImport(page: Page, console: { app: { demoServer: { state: Parameters<typeof placement>[0] } | null } }, count = 20) {
    const { group, folder } = placement(console.app.demoServer!.state);
    await page.getByRole('tab', { name: 'Import from CSV' }).click();
    await page.getByTestId('import-file').setInputFiles({ name: 'site.csv', mimeType: 'text/csv', buffer: siteCsv(group, folder, count) });
    await page.getByTestId('import-start').click();
    await expect(page.getByTestId('import-progress')).toContainText(`of ${count} done`);
  }

  /** Confirms "Cancel the rest" from the keyboard: the dialog starts on its Cancel (it takes cameras out), Tab, Enter. */
  async function cancelTheRest(page: Page) {
    await page.getByRole('button', { name: 'Cancel the rest' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Cancel the rest of this import?' });
    await expect(ask.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(ask).toBeHidden();
  }

  test('cameras not sent yet are taken out, and Undo puts them back in the outbox', async ({ page, console }) => {
    // A slow server: a few cameras at a time are in flight, the rest wait their turn unsent and can be cancelled.
    console.app.demoServer!.faults.add({ path: '/api/v2/billing/cameras', latencyMs: 400 });
    await console.open(page, 'onboarding');
    await startStuckImport(page, console, 200);
    await cancelTheRest(page);
    const note = page.getByTestId('undo-note');
    await expect(note).toContainText('The rest of the import was cancelled.');
    await expect(note.getByRole('button', { name: 'Undo' })).toBeFocused();
    await expect(page.getByTestId('import-progress')).toContainText(/[1-9]\d* cancelled\.$/);
    await expect(page.getByTestId('import-nothing-cancelled')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(note).toHaveCount(0);
    console.app.demoServer!.faults.clear();
    await expect(page.getByTestId('import-progress')).toContainText('200 of 200 done: 200 created, 0 to fix, 0 cancelled.', { timeout: 60_000 });
  });

  test('when every camera left was already sent once without an answer, the panel says nothing was cancelled and why', async ({ page, console }) => {
    // The connection is dropped before any answer: for all the console knows, the server may have made each camera.
    console.app.demoServer!.faults.add({ path: '/api/', drop: true });
    await console.open(page, 'onboarding');
    await startStuckImport(page, console);
    await expect(page.getByTestId('import-waiting')).toContainText('so 20 cameras are kept in the outbox');
    await cancelTheRest(page);
    await expect(page.getByTestId('import-nothing-cancelled')).toHaveText(
      'Nothing was cancelled: the 20 cameras left are being sent, or were sent once without an answer, so they may exist on the server. They stay in the outbox until the server answers (a camera it already made is recognised by its external id, never made twice).',
    );
    await expect(page.getByTestId('undo-note')).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Outbox (20)' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'import-nothing-cancelled');
    await page.getByTestId('language').selectOption('ru');
    await expect(page.getByTestId('import-nothing-cancelled')).toContainText('Ничего не отменено: оставшиеся 20 камер отправляются или уже отправлялись без ответа');
    await shot(page, 'import-nothing-cancelled-ru');
    await page.getByTestId('language').selectOption('en');

    // Not one can be removed by hand either: each says why instead of offering Remove.
    await page.getByRole('tab', { name: 'Outbox (20)' }).click();
    const first = page.getByTestId('outbox-entry').first();
    await expect(first.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    await expect(first.getByTestId('stays-maybe-created')).toHaveText(
      'Sent once, and no answer said whether it was made: the server may have made it already, so it cannot be removed until the next try settles it (Try now). It is never created twice.',
    );
    await shot(page, 'remove-maybe-created');
  });
});
