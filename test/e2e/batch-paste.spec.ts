import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 1400 } });

/** Pastes `text` into the focused field in one paste event, as an operator's Ctrl+V does. */
async function pasteInto(page: Page, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const field = page.getByLabel('Streams', { exact: true });
  await field.focus();
  const copied = await page.evaluate((list) => navigator.clipboard.writeText(list).then(() => true, () => false), text);
  if (copied) await page.keyboard.press('Control+V');
  else await page.keyboard.insertText(text);
}

test.describe('a long pasted batch list', () => {
  test('is shown as its checked rows: repeats named by their first line, a bad uid refused in words, the count on the button', async ({ page, console }) => {
    await console.open(page, 'tokens');
    await page.getByRole('tab', { name: 'Batch' }).click();
    // 3,000 lines: 2,990 distinct uids, 9 of them again, and one uid with a space.
    const uids = Array.from({ length: 2_990 }, (_, i) => `cam-paste-${String(i).padStart(4, '0')}`);
    const lines = [...uids, ...uids.slice(0, 9), 'cam paste bad'];
    await pasteInto(page, lines.join('\n'));

    const pasted = page.getByTestId('pasted-list');
    await expect(pasted.getByRole('heading')).toHaveText('Pasted list: 3,000 lines, checked');
    await expect(page.locator('#batch-text-hint')).toContainText('line 3000 (“cam paste bad”)');
    await expect(page.getByRole('button', { name: 'Issue tokens', exact: true })).toBeVisible();
    // The text field is hidden (it would lay out 3,000 lines); what is sent is the pasted text.
    await expect(page.getByLabel('Streams', { exact: true })).toBeHidden();
    await pasted.getByLabel('Only rows that get no token of their own').check();
    // The ten rows without a token of their own: the nine repeats, then the bad uid (the table draws those in view).
    const rows = pasted.locator('tbody tr:not(.spacer)');
    await expect(rows.first()).toContainText('2991');
    await expect(rows.first()).toContainText('repeats line 1: one token for both');
    await pasted.getByRole('region', { name: 'The pasted list, row by row' }).evaluate((table) => table.scrollTo({ top: table.scrollHeight }));
    await expect(rows.last()).toContainText('cam paste bad');
    await expect(rows.last()).toContainText('A stream uid has no spaces or line breaks.');
    await page.screenshot({ path: test.info().outputPath('batch-paste-checked.png'), fullPage: true });
    await expectNoAxeViolations(page, { include: '#batch-form' });

    // Cleared, and pasted again without the bad line: the button counts the tokens.
    await pasted.getByRole('button', { name: 'Clear the list' }).click();
    await expect(pasted).toBeHidden();
    await pasteInto(page, lines.slice(0, -1).join('\n'));
    await expect(page.getByRole('button', { name: 'Issue 2,990 tokens' })).toBeVisible();
    await expect(page.locator('#batch-text-hint')).toContainText('2,990 streams.');
    await expect(page.locator('#batch-text-hint')).toContainText('9 duplicate uids');
    await page.screenshot({ path: test.info().outputPath('batch-paste-ready.png'), fullPage: true });

    // Edit as text brings the field back with the whole list in it.
    await page.getByRole('button', { name: 'Edit as text' }).click();
    await expect(page.getByLabel('Streams', { exact: true })).toBeVisible();
    expect((await page.getByLabel('Streams', { exact: true }).inputValue()).split('\n')).toHaveLength(2_999);
  });
});
