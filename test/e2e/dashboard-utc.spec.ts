import { test, expect } from './fixtures';

// A machine set to plain UTC (no Region/City name): the dashboard says "UTC", as the operator's clock does.
test.use({ timezoneId: 'UTC' });

for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 640 }]) {
  test(`a UTC machine reads "UTC" on the dashboard, never Reykjavik, at ${size.width}x${size.height}`, async ({ page, console }) => {
    await page.setViewportSize(size);
    await console.open(page, 'dashboard');
    // A short English month is three letters, or four in September ("Sept").
    await expect(page.getByTestId('period-words')).toHaveText(/^\d{1,2} \w{3,4} \d{4}, UTC$/);
    const zone = page.getByLabel('Time zone');
    await expect(zone.locator('option:checked')).toHaveText('UTC (your zone)');
    await expect(page.getByTestId('card-users')).toContainText('UTC');
    await expect(page.locator('main')).not.toContainText('Reykjavik');
    await page.screenshot({ path: test.info().outputPath(`dashboard-utc-${size.width}.png`) });
    // Another zone is still said by its own name.
    await zone.selectOption('Asia/Tokyo');
    await expect(page.getByTestId('period-words')).toHaveText(/, Asia\/Tokyo$/);
  });
}
