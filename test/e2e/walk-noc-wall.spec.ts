import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';

// A NOC operator walked in either language at the smaller window: a custom week in Tokyo, wall mode and back with
// Escape, then one camera-agent device and its history panel. Each step's screenshot is kept (…/walk-noc-wall-*/).
const words = {
  en: { period: 'Period', first: 'First day', last: 'Last day', zone: 'Time zone', range: '14 – 20 Nov 2026, Asia/Tokyo', wall: 'Wall mode', wallTitle: /^Wall: Demo server/, device: 'Device number', history: 'Open watch lists', agents: /Agents/ },
  ru: { period: 'Период', first: 'Первый день', last: 'Последний день', zone: 'Часовой пояс', range: '14–20 нояб. 2026 г., Asia/Tokyo', wall: 'Режим стены', wallTitle: /^Стена: Demo server/, device: 'Номер устройства', history: 'Открыть списки наблюдения', agents: /Агенты/ },
} as const;

test.use({ actionTimeout: 10_000 });

for (const lang of ['en', 'ru'] as const) {
  test(`NOC in ${lang} at 1024x640: a custom period in another zone, wall mode and back, one device`, async ({ page, console }) => {
    const w = words[lang];
    const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${lang}-${name}.png`) });
    await page.setViewportSize({ width: 1024, height: 640 });
    await console.open(page, 'dashboard');
    await page.getByTestId('language').selectOption(lang);
    await page.getByLabel(w.period, { exact: true }).selectOption('custom');
    await page.getByLabel(w.first).fill('2026-11-14');
    await page.getByLabel(w.last).fill('2026-11-20');
    await page.getByLabel(w.zone).selectOption('Asia/Tokyo');
    await expect(page.getByText(w.range, { exact: true })).toBeVisible();
    await expect(page.getByTestId('card-cameras')).toContainText(w.range);
    await shot('1-custom-period');

    const wall = page.getByRole('button', { name: w.wall });
    await wall.click();
    await expect(page.getByRole('heading', { name: w.wallTitle })).toBeVisible();
    // The wall says the same period (the dashboard beneath it says it too).
    await expect(page.getByText(w.range, { exact: true }).first()).toBeVisible();
    await shot('2-wall');
    await page.keyboard.press('Escape');
    await expect(wall).toBeFocused();

    await page.getByRole('link', { name: w.agents }).click();
    const field = page.getByLabel(w.device, { exact: true });
    await field.fill('1001');
    await field.press('Enter');
    await expect(page.getByTestId('device-view')).toBeVisible();
    const history = page.getByTestId('device-history');
    await expect(history.getByRole('button', { name: w.history })).toBeVisible();
    await history.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await shot('3-device');
  });
}
