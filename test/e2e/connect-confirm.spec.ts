import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { startSimulator, type RunningSimulator } from '../../main/simulator';
import { expectNoAxeViolations } from './axe';
import { card, fillNewServer } from './server-form';


/** True when the element with focus is inside the open dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));

test.describe('Connect: confirmations (kit ConfirmDialog)', () => {
  let simulator: RunningSimulator;
  test.beforeEach(async () => {
    simulator = await startSimulator({ seed: 11 });
  });
  test.afterEach(async () => {
    await simulator.close();
  });

  async function addServer(page: Page, name: string) {
    await fillNewServer(page, { name, url: simulator.baseUrl, token: simulator.apiToken });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(card(page, name).getByTestId('token-state')).toHaveText('Token in keychain');
  }

  test('"Forget token" asks first: focus is trapped, Escape keeps the token and gives the focus back', async ({ page, console }) => {
    await console.open(page, 'connect');
    await addServer(page, 'Depot');
    const site = card(page, 'Depot');
    const forget = site.getByRole('button', { name: 'Forget token' });
    await forget.click();

    const dialog = page.getByRole('alertdialog', { name: 'Forget the token of “Depot”?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('removed from the keychain');
    // A destructive question starts on the safe answer.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('confirm-forget.png') });
    await expectNoAxeViolations(page);

    // Tab and Shift+Tab go round the dialog's controls and never leave it.
    const seen = new Set<string>();
    for (let step = 0; step < 7; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    for (let step = 0; step < 7; step += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    expect([...seen].sort()).toEqual(['Cancel', 'Forget token', '×'].sort());

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(forget).toBeFocused();
    await expect(site.getByTestId('token-state')).toHaveText('Token in keychain');

    await forget.click();
    await dialog.getByRole('button', { name: 'Forget token' }).click();
    await expect(dialog).toBeHidden();
    await expect(site.getByTestId('token-state')).toHaveText('No token');
    await expect(page.getByRole('status').filter({ hasText: 'Token of “Depot” forgotten.' })).toBeVisible();
  });

  test('a question closed and asked again at once stays open (a quick Escape, then Enter on the same button)', async ({ page, console }) => {
    await console.open(page, 'connect');
    await addServer(page, 'Quick hands');
    const forget = card(page, 'Quick hands').getByRole('button', { name: 'Forget token' });
    const dialog = page.getByRole('alertdialog', { name: 'Forget the token of “Quick hands”?' });
    await forget.click();
    await expect(dialog).toBeVisible();
    // Closed and opened again before the browser's event for the close arrives (as on a busy machine): that late
    // event must not close the question asked the second time.
    await page.evaluate(async () => {
      const question = document.querySelector('dialog[open]')!;
      question.querySelector<HTMLButtonElement>('button[aria-label="Close"]')!.click();
      for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
      if (question.hasAttribute('open')) throw new Error('the question did not close');
      [...document.querySelectorAll<HTMLButtonElement>('[data-profile-name="Quick hands"] button')].find((button) => button.textContent?.trim() === 'Forget token')!.click();
      for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
      if (!question.hasAttribute('open')) throw new Error('the question did not open again');
    });
    await page.waitForTimeout(300);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(forget).toBeFocused();
    await expect(card(page, 'Quick hands').getByTestId('token-state')).toHaveText('Token in keychain');
  });

  test('"Delete" asks first; Cancel keeps the server, confirming removes it and focus lands on its Undo', async ({ page, console }) => {
    await console.open(page, 'connect');
    await addServer(page, 'Old depot');
    const site = card(page, 'Old depot');
    await site.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete “Old depot”?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(site.getByRole('button', { name: 'Delete' })).toBeFocused();
    await expect(site).toBeVisible();

    await site.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete server' }).click();
    await expect(site).toHaveCount(0);

    // Deleted by mistake: the keyboard is on Undo (the card's button that had the focus is gone), which brings it back.
    const note = page.getByTestId('undo-note');
    await expect(note).toContainText('Server “Old depot” deleted.');
    await expect(note.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('server-deleted.png'), fullPage: true });
    await note.getByRole('button', { name: 'Undo' }).click();
    await expect(site).toBeVisible();
    await expect(site.getByTestId('token-state')).toHaveText('Token in keychain');
    await expect(note).toHaveCount(0);
  });
});
