import { test, expect } from './fixtures';
import { card } from './server-form';
import { startSimulator, type RunningSimulator } from '../../main/simulator';
import { closedPort } from '../support/closed-port';
import { expectNoAxeViolations } from './axe';

// A first run walked as a new user in either language and window size: a wrong address, then a wrong token, then the
// right one; the server taken into use; About. Each step's screenshot is kept (…/walk-first-run-*/).
const words = {
  en: {
    add: 'Add a server', name: 'Name', address: 'Server address', token: 'API access token', save: 'Save', edit: 'Edit', use: 'Use this server',
    refused: (host: string) => `${host} refused the connection. The platform may not be running there, or the port is wrong.`,
    tokenRefused: 'The server refused the API token. Press “Edit” on this card and paste a valid one.', elsewhere: 'Open Connect', works: 'Connection works', keychain: 'Available',
  },
  ru: {
    add: 'Добавить сервер', name: 'Название', address: 'Адрес сервера', token: 'API-токен доступа', save: 'Сохранить', edit: 'Изменить', use: 'Работать с этим сервером',
    refused: (host: string) => `${host} отказал в соединении. Возможно, платформа там не запущена или указан не тот порт.`,
    tokenRefused: 'Сервер не принял API-токен. Нажмите «Изменить» на этой карточке и вставьте действующий токен.', elsewhere: 'Откройте «Подключение»', works: 'Подключение работает', keychain: 'Доступна',
  },
} as const;

let simulator: RunningSimulator;
test.beforeEach(async () => {
  simulator = await startSimulator({ seed: 7 });
});
test.afterEach(async () => {
  await simulator.close();
});

for (const lang of ['en', 'ru'] as const) {
  for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 640 }]) {
    test(`first run in ${lang} at ${size.width}x${size.height}: a wrong address and a wrong token are told apart, the right token works`, async ({ page, console }) => {
      const w = words[lang];
      const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${lang}-${size.width}-${name}.png`) });
      await page.setViewportSize(size);
      await console.open(page, 'connect');
      await page.getByTestId('language').selectOption(lang);
      const port = await closedPort();

      await page.getByRole('button', { name: w.add }).click();
      await expect(page.getByLabel(w.name, { exact: true })).toBeFocused();
      await page.keyboard.type('Site 12');
      await page.getByLabel(w.address).fill(`http://127.0.0.1:${port}`);
      await page.getByLabel(w.token).fill('wrong-token');
      await page.keyboard.press('Enter');
      const site = card(page, 'Site 12');
      const report = site.getByTestId('connection-report');
      await expect(report.getByRole('status')).toHaveText(w.refused(`127.0.0.1:${port}`));
      await shot('1-wrong-address');

      // The right address with a wrong token: the address's fault is gone, the token is blamed.
      await site.getByRole('button', { name: w.edit }).click();
      await page.getByLabel(w.address).fill(simulator.baseUrl);
      await page.getByLabel(w.token).fill('still-wrong');
      await page.keyboard.press('Enter');
      // On the Connect screen the way out is this card's Edit, not "open Connect".
      await expect(report.getByRole('status')).toHaveText(w.tokenRefused);
      await expect(report).not.toContainText(w.elsewhere);
      await shot('2-wrong-token');

      await site.getByRole('button', { name: w.edit }).click();
      await page.getByLabel(w.token).fill(simulator.apiToken);
      await page.keyboard.press('Enter');
      await expect(report).toHaveAttribute('data-ok', 'true');
      await expect(report.getByRole('status')).toContainText(w.works);
      await site.getByRole('button', { name: w.use }).click();
      await expect(page.getByTestId('connection-badge')).toContainText('Site 12');
      await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-health', 'ok');
      await expectNoAxeViolations(page);
      await shot('3-in-use');

      await page.getByRole('link', { name: lang === 'en' ? /About/ : /О программе/ }).click();
      await expect(page.getByText(w.keychain, { exact: true })).toBeVisible();
      await shot('4-about');
    });
  }
}

