import { test, expect } from './fixtures';
import { ru } from '../../preload/contract/messages';
import { expectNoAxeViolations } from './axe';
import type { SimulatorState } from '../../main/simulator/state';
import { streamsWith } from '../support/streams';

function privateStream(app: { demoServer: { state: SimulatorState } | null }): string {
  return streamsWith(app.demoServer!.state, 'private')[0]!;
}

test.describe('Russian', () => {
  test('switching the language shows Connect, Stream tokens and About in Russian, and it stays after a reload', async ({ page, console }) => {
    await console.open(page, 'connect');
    await page.getByTestId('language').selectOption('ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

    await expect(page.locator('#screen-title')).toHaveText(ru.connect.title);
    await expect(page.getByRole('button', { name: ru.connect.addServer })).toBeVisible();
    await expect(page.getByTestId('token-state').first()).toHaveText(ru.connect.tokenState.demo);
    await expect(page.getByTestId('connection-badge')).toContainText(ru.connect.badge.connected);
    await page.getByRole('button', { name: ru.connect.addServer }).click();
    await expect(page.getByLabel(ru.connect.form.address)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('ru-connect.png'), fullPage: true });
    await expectNoAxeViolations(page);

    await page.getByRole('navigation', { name: ru.shell.screensNav }).getByRole('link', { name: new RegExp(`^${ru.shell.screens.tokens.label}`) }).click();
    await expect(page.locator('#screen-title')).toHaveText(ru.tokens.title);
    await expect(page.getByRole('tab', { name: ru.tokens.tabs.batch })).toBeVisible();
    await expect(page.getByText(ru.tokens.history.emptyTitle)).toBeVisible();
    // A token issued in Russian reads in Russian, with its dates through Intl.
    await page.getByLabel(ru.tokens.form.stream).fill(privateStream(console.app));
    await page.getByRole('switch', { name: new RegExp(ru.tokens.permissions.live) }).check();
    await page.getByRole('button', { name: ru.tokens.form.issue }).click();
    // An hour from now is tomorrow when the test runs in the last hour of the day.
    await expect(page.getByTestId('token-summary')).toHaveText(/^эфир, истекает (сегодня|завтра) \d{2}:\d{2} \(через (59 мин|1 ч)\)$/);
    await expect(page.locator('#result-title')).toBeFocused();
    // Today's date in Russian, in whatever month the test runs.
    await expect(page.getByTestId('history-table')).toContainText(/\d{1,2} (янв|февр|мар|апр|мая|июн|июл|авг|сент|окт|нояб?|дек)/);
    await page.screenshot({ path: test.info().outputPath('ru-tokens.png'), fullPage: true });

    await page.getByRole('link', { name: new RegExp(`^${ru.shell.screens.about.label}`) }).click();
    await expect(page.locator('#screen-title')).toHaveText(ru.about.title);
    await expect(page.getByTestId('about-host')).toHaveText(ru.about.hostWeb);
    await page.reload();
    await expect(page.locator('#screen-title')).toHaveText(ru.about.title);
    await page.screenshot({ path: test.info().outputPath('ru-about.png'), fullPage: true });
  });

  test('a wrong field on Connect is explained in Russian by main, next to the field', async ({ page, console }) => {
    await console.open(page, 'connect');
    await page.getByTestId('language').selectOption('ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await page.getByRole('button', { name: ru.connect.addServer }).click();
    await page.getByLabel(ru.connect.form.name, { exact: true }).fill('Площадка');
    await page.getByLabel(ru.connect.form.address).fill('vms.example');
    await page.getByRole('button', { name: ru.connect.form.save, exact: true }).click();
    await expect(page.getByLabel(ru.connect.form.address)).toHaveAttribute('aria-invalid', 'true');
    // The sentence comes from main's check of the contract schema, said in the language the console switched to.
    await expect(page.locator('#pf-url-error')).toHaveText(ru.validation.connect.address);
    await page.screenshot({ path: test.info().outputPath('ru-connect-field-error.png'), fullPage: true });
    await expectNoAxeViolations(page);
  });
});
