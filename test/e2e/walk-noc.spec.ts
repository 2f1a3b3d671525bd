import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

test.use({ viewport: { width: 1280, height: 1100 } });
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('a template saved with an ONVIF password says it keeps the password, warns before exporting it, and its delete can be undone from the keyboard', async ({ page, console }) => {
  await console.open(page, 'onboarding');
  await page.getByRole('button', { name: /Access/ }).click();
  await page.getByLabel('ONVIF login').fill('admin');
  await page.getByLabel('ONVIF password').fill('depot-secret-1');
  console.secrets.push('depot-secret-1');
  await page.getByRole('button', { name: /Review/ }).click();
  await page.getByRole('button', { name: 'Save as template' }).click();
  await page.getByLabel('Template name').fill('Riga depot');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Template "Riga depot" saved.')).toBeVisible();

  await page.getByRole('tab', { name: 'Templates' }).click();
  // The panel's list (a toast saying the template was saved is a list item too), found the same way in either language.
  const item = page.locator('section[aria-labelledby="templates-title"]').getByRole('listitem').filter({ hasText: 'Riga depot' });
  await expect(item).toContainText('ONVIF login admin with its password');
  const withPasswords = page.getByLabel('Include ONVIF passwords in the file');
  await expect(page.getByTestId('with-passwords-warning')).toHaveCount(0);
  await withPasswords.check();
  await expect(page.getByTestId('with-passwords-warning')).toHaveText('The file will hold the ONVIF passwords as plain text, readable by anyone who gets it. Keep it and send it as you would a password.');
  await expect(withPasswords).toHaveAccessibleDescription(/plain text/);
  await expectNoAxeViolations(page);
  await shot(page, 'template-with-password');
  await page.getByTestId('language').selectOption('ru');
  await expect(item).toContainText('логин ONVIF admin с паролем');
  await shot(page, 'template-with-password-ru');
  await page.getByTestId('language').selectOption('en');

  await item.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  const note = page.getByTestId('undo-note');
  await expect(note).toContainText('The template "Riga depot" was deleted.');
  await expect(note.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(item).toContainText('ONVIF login admin with its password');
});
