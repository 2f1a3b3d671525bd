import { test, expect } from './fixtures';
import { screens } from '../../renderer/lib/screens';
import { en } from '../../preload/contract/messages';
import { expectNoAxeViolations } from './axe';
import type { Page, Request } from '@playwright/test';

/**
 * Resolves once no call to main (/ipc/…) has been in flight for half a second. Playwright's 'networkidle' never
 * comes on a screen that listens to main's events: their stream (GET /events) stays open by design.
 */
function trackCalls(page: Page): () => Promise<void> {
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/ipc/')) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return async () => {
    let quietSince = Date.now();
    while (Date.now() - quietSince < 500) {
      await page.waitForTimeout(100);
      if (pending.size > 0) quietSince = Date.now();
    }
  };
}

/**
 * Every screen, as a person first meets it: no axe violations, and screenshots at the two window sizes the console
 * must fit (1280×800 and a small 1024×640 laptop), in the light and the dark theme, to look at.
 */
for (const screen of screens) {
  test.describe(`${en.shell.screens[screen.key].label} screen`, () => {
    test('has no axe violations and fits 1280×800 and 1024×640, light and dark', async ({ page, console }) => {
      const callsSettled = trackCalls(page);
      await console.open(page, screen.key);
      await expect(page.locator('#screen-title')).toBeVisible();
      // Let the first data arrive (lists, badges) before judging the page.
      await callsSettled();
      await expectNoAxeViolations(page);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        if (colorScheme === 'dark') await expectNoAxeViolations(page);
        for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 640 }]) {
          await page.setViewportSize(size);
          // Nothing sticks out sideways: the content pane has no horizontal scroll at either size.
          const overflow = await page.locator('#main').evaluate((main) => main.scrollWidth - main.clientWidth);
          expect(overflow, `horizontal overflow at ${size.width}×${size.height}`).toBeLessThanOrEqual(1);
          await page.screenshot({ path: test.info().outputPath(`${screen.key}-${size.width}x${size.height}-${colorScheme}.png`) });
        }
      }
    });
  });
}
