import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { streamsWith } from '../support/streams';

/** The top bar (connection and sync status) is in the window, and the page itself does not scroll sideways. */
async function expectStatusInView(page: Page): Promise<void> {
  const box = await page.locator('header.topbar').boundingBox();
  expect(box && box.y >= 0 && box.y + box.height <= 640).toBe(true);
  await expect(page.getByTestId('sync-indicator')).toBeInViewport();
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
}

test.use({ viewport: { width: 1024, height: 640 } });

test.describe('1024x640: the status stays in view and every action is reachable', () => {
  for (const screen of ['connect', 'tokens', 'onboarding', 'agents', 'dashboard', 'analytics', 'about']) {
    test(`${screen}: scrolled to the bottom, the top bar is still there`, async ({ page, console }) => {
      await console.open(page, screen);
      await expect(page.locator('main h1').first()).toBeVisible();
      // Scroll everything that can scroll to its end, as a long page would be read.
      await page.evaluate(() => {
        window.scrollTo(0, document.body.scrollHeight);
        for (const el of document.querySelectorAll<HTMLElement>('*')) if (el.scrollHeight > el.clientHeight) el.scrollTop = el.scrollHeight;
      });
      await expectStatusInView(page);
      await page.screenshot({ path: test.info().outputPath(`${screen}-bottom.png`) });
    });
  }

  test('an issued token stays in its field beside Copy when the system refuses the clipboard, so it can be selected by hand', async ({ page, console }) => {
    await console.open(page, 'tokens');
    // No clipboard for the page: the system refuses the copy, as a locked-down desktop does.
    await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } }));
    await page.getByLabel('Stream uid').fill(streamsWith(console.app.demoServer!.state, 'private')[0]!);
    await page.getByRole('switch', { name: /Live/ }).check();
    await page.getByRole('button', { name: 'Issue token' }).click();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('The system refused the clipboard. Select the text and press Ctrl+C.')).toBeVisible();
    // The note says to select the token: its field keeps room to show it (it was squeezed to a sliver by the note).
    const field = (await page.locator('#issued-token').boundingBox())!;
    expect(field.width).toBeGreaterThanOrEqual(240);
    await page.getByText('The system refused the clipboard.').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('token-clipboard-refused-1024.png') });
  });

  test('token history: Copy and QR are on screen for every row without scrolling sideways', async ({ page, console }) => {
    const streams = streamsWith(console.app.demoServer!.state, 'private').slice(0, 3);
    await console.open(page, 'tokens');
    for (const stream of streams) {
      await page.getByLabel('Stream uid').fill(stream);
      await page.getByRole('switch', { name: /Live/ }).check();
      await page.getByRole('button', { name: 'Issue token' }).click();
      await expect(page.getByTestId('token-summary')).toBeVisible();
      await page.getByRole('switch', { name: /Live/ }).uncheck();
    }
    const history = page.locator('section.history');
    await expect(history.getByRole('row')).toHaveCount(4);
    // Scrolled down only (as a person does with the wheel): nothing is scrolled sideways.
    await page.locator('main').evaluate((main) => {
      const section = main.querySelector('section.history') as HTMLElement;
      main.scrollTop = section.offsetTop;
    });
    for (const name of [/^Copy/, /QR/]) {
      const button = history.getByRole('button', { name }).first();
      const box = (await button.boundingBox())!;
      const pane = (await history.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(pane.x + pane.width);
      expect(box.x + box.width).toBeLessThanOrEqual(1024);
      await expect(button).toBeInViewport();
    }
    // Each row names its stream whole: cut to "cam-…", the desk could not tell its tokens apart.
    for (const stream of streams) {
      const uid = history.getByRole('cell').locator('.mono', { hasText: stream });
      await expect(uid).toBeVisible();
      expect(await uid.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await expectStatusInView(page);
    await page.screenshot({ path: test.info().outputPath('history-1024.png') });
  });
});
