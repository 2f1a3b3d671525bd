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

  test('a page that fell behind its event stream says how many updates it missed, and reloads the screen on request', async ({ page, console }) => {
    // The host tells a page that stopped reading to resynchronise: here the notice is the first thing its stream says.
    let told = false;
    await page.route('**/events', async (route) => {
      if (told) return route.continue();
      told = true;
      await route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'event: events.resync\ndata: {"dropped":1200}\n\n' });
    });
    await console.open(page, 'agents');
    const notice = page.getByRole('status').filter({ hasText: 'missed 1200 updates' });
    await expect(notice).toHaveText(/This page was busy and missed 1200 updates\. Reload the screen to see the current state\./);
    await page.screenshot({ path: test.info().outputPath('resync-notice.png') });
    await notice.getByRole('button', { name: 'Reload the screen' }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.locator('#screen-title')).toBeVisible();
  });
});
