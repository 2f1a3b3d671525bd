import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

test.use({ viewport: { width: 1280, height: 1100 } });
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('an installer fixes a camera the server refused, then removes one and brings it back, all from the keyboard', async ({ page, console }) => {
  const state = console.app.demoServer!.state;
  const folder = [...state.foldersByKey.values()][0]!;
  const group = state.treeById.get(folder.group_id)!.key;
  const header = 'name,mac,serial_number,group_external_id,folder_key,latitude,longitude,high_storage_days';
  const rows = [
    `Gate 1,02:00:00:40:00:01,SN-G1,${group},${folder.key},56.9,24.1,30`,
    `Gate 2,02:00:00:40:00:02,SN-G2,${group},no-such-folder,56.9,24.1,30`,
    `Gate 3,02:00:00:40:00:03,SN-G3,no-such-group,${folder.key},56.9,24.1,30`,
  ];
  await console.open(page, 'onboarding');
  await page.getByRole('tab', { name: 'Import from CSV' }).click();
  await page.getByTestId('import-file').setInputFiles({ name: 'gates.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-progress')).toContainText('3 of 3 done: 1 created, 2 to fix');

  await page.getByRole('tab', { name: /Outbox/ }).click();
  const gate = (name: string) => page.getByTestId('outbox-entry').filter({ hasText: name });
  await expect(gate('Gate 3')).toContainText('no tree element with key no-such-group');
  await gate('Gate 3').getByRole('button', { name: 'Fix in the wizard' }).click();
  await expect(page.getByText('You are changing a camera from the outbox.')).toBeVisible();
  await page.getByLabel('Tree element key').fill(group);
  for (let step = 0; step < 3; step += 1) await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create now' }).click();
  await expect(page.getByText('Camera "Gate 3" created')).toBeVisible();
  await page.getByRole('button', { name: 'Open the outbox' }).click();
  await expect(page.getByTestId('outbox-counts')).toHaveText('Waiting: 0 · Created: 2 · To fix: 1');
  // One entry per camera: the fixed one replaced its refused entry.
  await expect(gate('Gate 3')).toHaveCount(1);

  // Remove from the keyboard: the dialog starts on Cancel (it deletes), Tab reaches Remove, Enter confirms.
  await gate('Gate 2').getByRole('button', { name: 'Remove' }).focus();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('alertdialog', { name: 'Remove this camera from the outbox?' });
  await expect(ask).toContainText('"Gate 2" will not be sent. You can undo this right after.');
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const note = page.getByTestId('undo-note');
  await expect(note).toContainText('"Gate 2" was removed from the outbox.');
  await expect(gate('Gate 2')).toHaveCount(0);
  // The keyboard goes on from Undo (the removed row's button that had the focus is gone).
  await expect(note.getByRole('button', { name: 'Undo' })).toBeFocused();
  await expectNoAxeViolations(page);
  await shot(page, 'removed-undo-focused');
  await page.keyboard.press('Enter');
  await expect(gate('Gate 2')).toHaveCount(1);
  await expect(note).toHaveCount(0);
  await expect(page.getByTestId('outbox-counts')).toHaveText('Waiting: 0 · Created: 2 · To fix: 1');

  // Clear created: Escape keeps them and gives the focus back; Enter clears, and Undo has the focus.
  const clear = page.getByRole('button', { name: 'Clear created' });
  await clear.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Clear created cameras from the outbox?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(clear).toBeFocused();
  await expect(page.getByTestId('outbox-counts')).toHaveText('Waiting: 0 · Created: 2 · To fix: 1');
  await page.keyboard.press('Enter');
  // The question opens with the focus on its Clear (clearing can be undone); Enter there confirms.
  const clearAsk = page.getByRole('alertdialog', { name: 'Clear created cameras from the outbox?' });
  await expect(clearAsk.getByRole('button', { name: 'Clear created' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(note).toContainText('Created cameras were cleared from the outbox.');
  await expect(note.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.getByTestId('language').selectOption('ru');
  // The note speaks the language switched to while it stands.
  await expect(note).toContainText('Созданные камеры убраны из очереди.');
  await shot(page, 'cleared-ru');
  await page.getByTestId('language').selectOption('en');
  await page.getByRole('tab', { name: /Created/ }).click();
  await page.getByRole('tab', { name: /Outbox/ }).click();
  // Back on the panel, the note stands but does not take the focus again.
  await expect(note.getByRole('button', { name: 'Undo' })).not.toBeFocused();
  await note.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('outbox-counts')).toHaveText('Waiting: 0 · Created: 2 · To fix: 1');
});
