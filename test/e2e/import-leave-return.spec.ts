import { test, expect } from './fixtures';

function placement(state: { foldersByKey: Map<string, { key: string; group_id: number }>; treeById: Map<number, { key: string }> }) {
  const folder = [...state.foldersByKey.values()][0]!;
  return { group: state.treeById.get(folder.group_id)!.key, folder: folder.key };
}

test('an import left for another tab or screen while it runs shows its progress and Cancel again on coming back', async ({ page, console }) => {
  const state = console.app.demoServer!.state;
  const { group, folder } = placement(state);
  const header = 'name,mac,serial_number,group_external_id,folder_key,latitude,longitude,high_storage_days';
  const rows = Array.from({ length: 300 }, (_, i) => `Away cam ${i + 1},02:00:00:20:${((i + 1) >> 8).toString(16).padStart(2, '0')}:${((i + 1) & 255).toString(16).padStart(2, '0')},SN-A${i + 1},${group},${folder},56.9,24.1,30`);
  await console.open(page, 'onboarding');
  await page.getByRole('tab', { name: 'Import from CSV' }).click();
  await page.getByTestId('import-file').setInputFiles({ name: 'away.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  await expect(page.getByTestId('import-summary')).toHaveText('away.csv: 300 rows, 300 ready, 0 with problems.');
  // Slow enough that the import is still running after both trips away.
  console.app.demoServer!.faults.add({ path: '/api/v2/billing/cameras', latencyMs: 150 });
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-progress')).toContainText(/\b[1-9]\d* of 300 done/);

  await page.getByRole('tab', { name: /Outbox/ }).click();
  await page.getByRole('tab', { name: 'Import from CSV' }).click();
  await expect(page.getByTestId('import-progress')).toContainText(/ of 300 done/);
  await expect(page.getByRole('button', { name: 'Cancel the rest' })).toBeVisible();

  await page.getByRole('link', { name: /Stream tokens/ }).click();
  await expect(page.getByRole('heading', { name: 'Stream tokens' })).toBeVisible();
  await page.getByRole('link', { name: /Onboarding/ }).click();
  await page.getByRole('tab', { name: 'Import from CSV' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('away.csv: 300 rows, 300 ready, 0 with problems.');
  await expect(page.getByTestId('import-progress')).toContainText(/ of 300 done/);
  await page.screenshot({ path: test.info().outputPath('import-back.png'), fullPage: true });
  console.app.demoServer!.faults.clear();
  await expect(page.getByTestId('import-progress')).toContainText('300 of 300 done: 300 created', { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Cancel the rest' })).toBeHidden();
});
