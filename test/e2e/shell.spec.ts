import { test, expect } from './fixtures';
import { screens } from '../../renderer/lib/screens';
import { en } from '../../preload/contract/messages';

test.describe('console shell', () => {
  test('loads and reaches every screen from the navigation', async ({ page, console }) => {
    await console.open(page);
    const nav = page.getByRole('navigation', { name: 'Screens' });
    for (const screen of screens) {
      const label = en.shell.screens[screen.key].label;
      await nav.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await expect(page).toHaveURL(new RegExp(`#/${screen.key}$`));
      await expect(page.locator('#screen-title')).toBeVisible();
      await expect(nav.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('aria-current', 'page');
    }
    await page.getByRole('link', { name: /^Connect/ }).click();
    await page.screenshot({ path: test.info().outputPath('shell.png'), fullPage: true });
  });

  test('moves between screens with the keyboard alone', async ({ page, console }) => {
    await console.open(page);
    const target = page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Dashboard/ });
    for (let i = 0; i < 20 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/dashboard$/);
    await expect(page.locator('#screen-title')).toBeFocused();
  });

  test('shows the values of app.info in the About panel', async ({ page, console }) => {
    const info = await console.app.handlers['app.info'](undefined, { sender: { transport: 'test' }, signal: new AbortController().signal });
    await console.open(page, 'about');
    await expect(page.getByTestId('about-version')).toHaveText(`${info.name} ${info.version}`);
    await expect(page.getByTestId('about-node')).toHaveText(info.nodeVersion);
    await expect(page.getByTestId('about-platform')).toContainText(info.platform);
    await expect(page.getByTestId('about-host')).toContainText('Browser');
    await expect(page.getByTestId('about-keychain')).toContainText(info.keychain.available ? 'Available' : 'Unavailable');
    await page.screenshot({ path: test.info().outputPath('about.png'), fullPage: true });
  });

  test('follows a dark OS theme', async ({ page, console }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await console.open(page, 'about');
    await expect(page.getByTestId('about-version')).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(15, 19, 24)');
    await page.screenshot({ path: test.info().outputPath('about-dark.png'), fullPage: true });
  });
});
