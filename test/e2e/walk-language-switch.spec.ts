import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { en, ru } from '../../preload/contract/messages';

// The small window an operator's laptop gives: the sentences must read whole there too.
test.use({ viewport: { width: 1024, height: 640 } });
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
const switchTo = async (page: Page, language: 'en' | 'ru') => {
  await page.getByTestId('language').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
};
const say = (sentence: string, values: Record<string, string>) => sentence.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

test.describe('a sentence main wrote stays in step with a language switch', () => {
  test('an unknown device number under the field on Agents reads in Russian after the switch, and in English again', async ({ page, console }) => {
    await console.open(page, 'agents');
    await page.getByLabel(en.agents.lookup.label).fill('987654');
    await page.keyboard.press('Enter');
    const field = page.locator('#agent-id-error');
    await expect(field).toHaveText(say(en.agents.errors.notFound, { id: '987654' }));
    await switchTo(page, 'ru');
    await expect(field).toHaveText(say(ru.agents.errors.notFound, { id: '987654' }));
    await shot(page, 'agents-unknown-device-ru');
    await switchTo(page, 'en');
    await expect(field).toHaveText(say(en.agents.errors.notFound, { id: '987654' }));
  });

  test('a wrong server address on Connect: the form and the reason under the field read in Russian after the switch', async ({ page, console }) => {
    await console.open(page, 'connect');
    await page.getByRole('button', { name: en.connect.addServer }).click();
    await page.getByLabel(en.connect.form.name, { exact: true }).fill('Site');
    await page.getByLabel(en.connect.form.address).fill('vms.example');
    await page.getByRole('button', { name: en.connect.form.save, exact: true }).click();
    const field = page.locator('#pf-url-error');
    await expect(field).toHaveText(en.validation.connect.address);
    await switchTo(page, 'ru');
    await expect(field).toHaveText(ru.validation.connect.address);
    await expect(page.getByRole('heading', { name: ru.connect.form.addTitle })).toBeVisible();
    await shot(page, 'connect-wrong-address-ru');
    await page.getByLabel(ru.connect.form.address).fill('https://vms.example.com');
    await expect(page.getByLabel(ru.connect.form.address)).toHaveValue('https://vms.example.com');
  });

  test('an unknown stream under the field on Stream tokens reads in Russian after the switch', async ({ page, console }) => {
    await console.open(page, 'tokens');
    await page.getByLabel('Stream uid').fill('cam-9999-xx');
    await page.getByRole('switch', { name: /Live/ }).check();
    await page.getByRole('button', { name: 'Issue token' }).click();
    const field = page.locator('#stream-uid-error');
    await expect(field).toHaveText(say(en.errors.tokens.noSuchStream, { stream: 'cam-9999-xx' }));
    await switchTo(page, 'ru');
    await expect(field).toHaveText(say(ru.errors.tokens.noSuchStream, { stream: 'cam-9999-xx' }));
    await shot(page, 'tokens-unknown-stream-ru');
  });

});

test.describe('a camera waiting in the outbox', () => {
  // No retry meanwhile: the reason on screen is the one main wrote before the switch, not a fresh one.
  test.use({ onboardingOptions: { tuning: { baseDelayMs: 60_000, maxDelayMs: 120_000 } } });

  test('the outbox says why a camera waits in the language switched to, also after a reload', async ({ page, console }) => {
    const sim = console.app.demoServer!;
    const folder = [...sim.state.foldersByKey.values()][0]!;
    const group = sim.state.treeById.get(folder.group_id)!.key;
    sim.faults.add({ path: '/api/v2/billing/cameras', status: 503 });
    await console.open(page, 'onboarding');
    await page.getByRole('tab', { name: 'Import from CSV' }).click();
    const csv = ['name,mac,serial_number,group_external_id,folder_key,latitude,longitude,high_storage_days', `Gate 1,02:00:00:41:00:01,SN-L1,${group},${folder.key},56.9,24.1,30`];
    await page.getByTestId('import-file').setInputFiles({ name: 'gate.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\n')) });
    await page.getByTestId('import-start').click();
    await page.getByRole('tab', { name: /Outbox/ }).click();
    const why = page.getByTestId('outbox-entry').locator('.why');
    await expect(why).toHaveText(en.errors.platform.unavailable);
    // Its times read as every other date of the console: the month in words, not 27/11/2026.
    const meta = page.getByTestId('outbox-entry').locator('.meta');
    await expect(meta).toContainText(/^Changed \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}:\d{2} /);
    await expect(meta).toContainText(/next try \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}:\d{2}/);
    await switchTo(page, 'ru');
    await expect(meta).toContainText(/^Изменена \d{1,2} [а-я]{3,4}\.? \d{4} г\., \d{2}:\d{2}:\d{2} /);
    await expect(why).toHaveText(ru.errors.platform.unavailable);
    await shot(page, 'outbox-unavailable-ru');
    // Read back from the data folder after a reload, the reason still follows the language.
    await page.reload();
    await page.getByRole('tab', { name: /Очередь/ }).click();
    await expect(why).toHaveText(ru.errors.platform.unavailable);
    await switchTo(page, 'en');
    await expect(why).toHaveText(en.errors.platform.unavailable);
  });
});

test('a fleet tile that shows a saved copy says since when with the month in words, as the totals above it, in both languages', async ({ page, console }) => {
  await console.open(page, 'dashboard');
  await expect(page.getByTestId('card-users')).toBeVisible();
  console.app.demoServer!.faults.add({ path: '/api/admin/v1/dashboard', drop: true });
  await page.getByRole('tab', { name: 'Fleet' }).click();
  await page.getByRole('button', { name: 'Refresh' }).click();
  const tile = page.getByTestId('fleet-tile');
  await expect(tile).toHaveAttribute('data-state', 'stale');
  await expect(tile.locator('.fresh')).toHaveText(/^Stale since \d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{2}:\d{2}:\d{2}$/);
  await switchTo(page, 'ru');
  await expect(tile.locator('.fresh')).toContainText(/\d{1,2} [а-я]{3,4}\.? \d{4} г\., \d{2}:\d{2}:\d{2}$/);
  await tile.scrollIntoViewIfNeeded();
  await shot(page, 'fleet-stale-ru');
});
