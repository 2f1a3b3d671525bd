import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';

// What a new user is told to do next where a screen would otherwise leave them guessing.
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test('a device with no history says a watch list records it, and its button opens the watch lists with the focus on their tab', async ({ page, console }) => {
  await page.setViewportSize({ width: 1024, height: 640 });
  await console.open(page, 'agents');
  const field = page.getByLabel('Device number', { exact: true });
  await field.fill('1001');
  await field.press('Enter');
  const history = page.getByTestId('device-history');
  await expect(history).toContainText('No history yet: it is recorded while a watch list polls this device. Add the device to a watch list to start it.');
  // Nothing recorded, nothing to export: no button that would save an empty file.
  await expect(history.getByRole('button', { name: 'Export history (CSV)' })).toHaveCount(0);
  await history.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await shot(page, 'history-empty-en');

  await page.getByTestId('language').selectOption('ru');
  await expect(history).toContainText('Добавьте устройство в список наблюдения, чтобы она началась.');
  await shot(page, 'history-empty-ru');
  await page.getByTestId('language').selectOption('en');

  await history.getByRole('button', { name: 'Open watch lists' }).focus();
  await page.keyboard.press('Enter');
  const tab = page.getByRole('tab', { name: 'Watch lists' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab).toBeFocused();
});
