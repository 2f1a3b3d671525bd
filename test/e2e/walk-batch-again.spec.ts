import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { streamsWith } from '../support/streams';

test.use({ viewport: { width: 1280, height: 1600 } });
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('a token desk pressing Issue again on the list it just issued is asked first, and Escape issues nothing', async ({ page, console }) => {
  const state = console.app.demoServer!.state;
  const streams = streamsWith(state, 'private').slice(0, 30);
  await console.open(page, 'tokens');
  await page.getByRole('tab', { name: 'Batch' }).click();
  await page.getByLabel('Streams').fill(streams.join('\n'));
  await page.getByRole('switch', { name: /Live/ }).check();
  const issue = page.getByRole('button', { name: 'Issue 30 tokens' });
  await issue.click();
  await expect(page.getByTestId('batch-progress-label')).toHaveText('30 of 30 done — 30 issued. Finished.');
  expect(state.issuedStreamTokens).toHaveLength(30);

  await issue.click();
  const ask = page.getByRole('alertdialog', { name: 'Issue tokens for this list again?' });
  await expect(ask).toContainText('This list was just issued: 30 streams have a token from that batch, and those stay valid. Issuing again makes a second token for every stream.');
  // Tokens once issued cannot be taken back: a second Enter lands on keeping what was issued, not on issuing again.
  await expect(ask.getByRole('button', { name: 'Keep the issued ones' })).toBeFocused();
  await expectNoAxeViolations(page);
  await shot(page, 'issue-again-asked');
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(issue).toBeFocused();
  await issue.click();
  // Escape once the question is there and holds the focus, as a person would see it before answering.
  await expect(ask.getByRole('button', { name: 'Keep the issued ones' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  expect(state.issuedStreamTokens).toHaveLength(30);

  // Another list is not asked about.
  await page.getByLabel('Streams').fill(streams.slice(0, 5).join('\n'));
  await page.getByRole('button', { name: 'Issue 5 tokens' }).click();
  await expect(page.getByTestId('batch-progress-label')).toHaveText('5 of 5 done — 5 issued. Finished.');
  expect(state.issuedStreamTokens).toHaveLength(35);

  // Asked, and confirmed on purpose: a second batch for the same list.
  await page.getByRole('button', { name: 'Issue 5 tokens' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Issue again' }).click();
  await expect(page.getByTestId('batch-progress-label')).toHaveText('5 of 5 done — 5 issued. Finished.');
  await expect.poll(() => state.issuedStreamTokens.length).toBe(40);
  await page.getByTestId('language').selectOption('ru');
  await page.getByRole('button', { name: 'Выдать 5 токенов' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Этот список только что выдан: у 5 потоков есть токены из того пакета');
  await shot(page, 'issue-again-asked-ru');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Оставить выданные' }).click();
  expect(state.issuedStreamTokens).toHaveLength(40);
});
