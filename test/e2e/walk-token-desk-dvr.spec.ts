import { test, expect } from './fixtures';
import { streamsWith } from '../support/streams';
import { expectNoAxeViolations } from './axe';

// A token desk's single stream token walked in either language and window size: DVR with a window open at its start,
// an unusual lifetime (36 hours), then Copy and the QR code. Each step's screenshot is kept (…/walk-token-desk-dvr-*/).
const words = {
  en: { dvr: /DVR/, custom: 'Custom…', unit: 'Unit', noLower: 'No lower bound', issue: 'Issue token', copy: 'Copy', copied: 'Copied', lifetime: 'Lifetime 1 day 12 h', summary: /^DVR, expires (on .*|tomorrow \d{2}:\d{2}) \(in 1 day 1[12] h\)$/ },
  ru: { dvr: /Архив/, custom: 'Другой…', unit: 'Единица', noLower: 'Без нижней границы', issue: 'Выдать токен', copy: 'Копировать', copied: 'Скопировано', lifetime: 'Срок действия 1 день 12 ч', summary: /^архив, истекает .* \(через 1 день 1[12] ч\)$/ },
} as const;

// 36 hours on is tomorrow when the test runs before noon in Berlin, and a date further on after it: the English summary
// says "tomorrow 12:34" or "on <date>" (the Russian pattern takes either).
test.use({ timezoneId: 'Europe/Berlin', actionTimeout: 10_000 });

for (const lang of ['en', 'ru'] as const) {
  for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 640 }]) {
    test(`token desk in ${lang} at ${size.width}x${size.height}: a DVR token for 36 hours, copied and shown as a QR code`, async ({ page, console, context }) => {
      const w = words[lang];
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${lang}-${size.width}-${name}.png`) });
      await page.setViewportSize(size);
      await console.open(page, 'tokens');
      await page.getByTestId('language').selectOption(lang);
      await page.locator('#stream-uid').fill(streamsWith(console.app.demoServer!.state, 'private')[0]!);
      await page.getByRole('switch', { name: w.dvr }).check();
      await page.getByRole('radio', { name: w.custom }).check();
      await page.locator('#single-ttl-amount').fill('36');
      await page.getByLabel(w.unit, { exact: true }).first().selectOption('hours');
      await expect(page.locator('#stream-form')).toContainText(lang === 'en' ? '= 1 day 12 h' : '= 1 день 12 ч');
      await page.getByLabel(w.noLower).uncheck();
      await shot('1-form');
      await page.getByRole('button', { name: w.issue, exact: true }).click();

      const result = page.getByTestId('token-result');
      await expect(page.getByTestId('token-summary')).toHaveText(w.summary);
      await expect(result).toContainText(w.lifetime);
      await expect(page.getByTestId('token-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
      await result.getByRole('button', { name: w.copy, exact: true }).click();
      await expect(result.getByRole('button', { name: w.copied })).toBeVisible();
      await page.getByTestId('token-qr').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('token-qr')).toBeInViewport();
      await expectNoAxeViolations(page);
      await shot('2-issued');
    });
  }
}
