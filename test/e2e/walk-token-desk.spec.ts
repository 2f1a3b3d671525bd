import { test, expect } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { createTokenHistoryRepository } from '../../main/storage/repositories/token-history-repository';
import type { HistoryEntry } from '../../preload/contract/tokens';

// Tall enough that a full-page screenshot shows the form and the history's rows together.
test.use({ viewport: { width: 1280, height: 1800 } });

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/**
 * The newest token's moment, fixed: a row shows "24 нояб., 16:21" for this year and adds the year for another, so
 * tokens issued "minutes ago" would read in the long form in the first minutes of a year. The page's clock is set
 * just after it where the form of the row is checked.
 */
const LAST_ISSUED = Date.parse('2026-06-15T10:00:00Z');

/** A desk's history of `count` tokens over 40 streams, every fifth bound to one of 7 users, newest appended last. */
function history(count: number): HistoryEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const n = count - i;
    const user = n % 5 === 0 ? `desk-user-${n % 7}` : null;
    return {
      id: `desk-${n}`, kind: user ? 'user' : 'stream', stream: `cam-${String(n % 40).padStart(4, '0')}-hd`, user, live: true, dvr: false, copy: false, ttl: 3600, from: 0, to: 0,
      token: `st_desk_fake_${n}`, issuedAt: new Date(LAST_ISSUED - n * 60_000).toISOString(), expiresAt: null, profileId: 'p', profileName: 'Site', note: '', batchId: null,
    };
  });
}

/** True when the element's text is drawn whole (not cut with an ellipsis). */
const whole = (cell: Locator) => cell.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

test.describe('a token desk works through a large history', () => {
  test.beforeEach(async ({ console }) => {
    const sealer = await console.app.services.sealer();
    createTokenHistoryRepository(console.app.services.storage).append(sealer, history(3000), null, Number.MAX_SAFE_INTEGER);
  });

  test('finds one stream’s tokens, exports them, is told before clearing that it is the whole history, and brings it back with Undo', async ({ page, console }) => {
    await console.open(page, 'tokens');
    const table = page.getByTestId('history-table');
    await expect(table).toBeVisible();
    await page.getByLabel('Search the history').fill('cam-0001-hd');
    await expect(page.getByText('75 of 3,000')).toBeVisible();
    await page.getByLabel('Select all shown').check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export 75 selected as CSV' }).click();
    const csv = await (await download).path().then((path) => import('node:fs').then((fs) => fs.readFileSync(path, 'utf8')));
    expect(csv.trim().split('\n')).toHaveLength(76);

    const clear = page.getByRole('button', { name: 'Clear history…' });
    await clear.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete all 3,000 tokens from the history?' });
    await expect(dialog).toContainText('This deletes all 3,000, not only the 75 the search shows.');
    await expect(dialog).toContainText('You can undo this for 10 minutes; after that it is gone for good, so export the ones you still need first.');
    // Nothing damaged here: no sentence about a backup of a damaged file.
    await expect(dialog).not.toContainText('damaged');
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await expectNoAxeViolations(page);
    await shot(page, 'clear-asks');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(clear).toBeFocused();
    await expect(page.getByText('75 of 3,000')).toBeVisible();

    // Cleared by mistake: the keyboard is on Undo, which brings every token back.
    await clear.click();
    await dialog.getByRole('button', { name: 'Delete the history' }).click();
    const note = page.getByTestId('undo-note');
    await expect(note).toContainText('The history was cleared (3,000 tokens).');
    await expect(note.getByRole('button', { name: 'Undo' })).toBeFocused();
    await shot(page, 'history-cleared');
    await page.keyboard.press('Enter');
    await expect(page.getByText('75 of 3,000')).toBeVisible();
    await expect(note).toHaveCount(0);
  });

  test('in Russian a row shows its grant, its QR button and the time it was issued whole', async ({ page, console }) => {
    await page.clock.install({ time: LAST_ISSUED + 60_000 });
    await console.open(page, 'tokens');
    await page.getByTestId('language').selectOption('ru');
    await page.getByLabel('Поиск по журналу').fill('desk-user-3');
    const row = page.getByTestId('history-table').getByRole('row').nth(1);
    await expect(row).toContainText('пользователь desk-user-3');
    const cells = row.getByRole('cell');
    await expect(row.getByRole('button', { name: /QR/ })).toBeInViewport();
    expect(await whole(row.getByRole('button', { name: /QR/ }))).toBe(true);
    expect(await cells.nth(2).evaluate((el) => { const box = el.getBoundingClientRect(); return [...el.querySelectorAll('button')].every((b) => b.getBoundingClientRect().right <= box.right); })).toBe(true);
    expect(await whole(cells.nth(3))).toBe(true);
    const issued = cells.nth(5).locator('span span').first();
    await expect(issued).toHaveText(/^\d{1,2} [а-я]+\.?, \d\d:\d\d$/);
    expect(await whole(issued)).toBe(true);
    // The whole row is in the table's width: nothing scrolls sideways at 1280 px.
    expect(await page.getByTestId('history-table').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await shot(page, 'history-ru');
    await page.getByTestId('language').selectOption('en');
    expect(await whole(page.getByTestId('history-table').getByRole('row').nth(1).getByRole('cell').nth(3))).toBe(true);
    await shot(page, 'history-en');
  });
});
