import { test, expect } from './fixtures';
import { startSimulator, type RunningSimulator } from '../../main/simulator';

// The wall a NOC leaves running: started for the wall, it never falls back to a blank page or a login form.
test.use({ timezoneId: 'Europe/Berlin', viewport: { width: 1920, height: 1080 } });

test.describe('a wall that never goes blank', () => {
  let restarted: RunningSimulator | null = null;
  test.afterEach(async () => {
    await restarted?.close();
    restarted = null;
  });

  test('opened straight into wall mode, it keeps the last good figures through a server restart, says since when and why, and comes back by itself', async ({ page, console }) => {
    const demo = console.app.demoServer!;
    const port = demo.port;
    // The page's clock is the test's: each 5 s refresh comes when the test moves the clock on, not after 5 real
    // seconds (the answers themselves are real: main asks the simulator over HTTP).
    await page.clock.install();
    // A start-up address for the wall, refreshing every 5 s.
    await console.open(page, 'dashboard/wall/5');
    const wall = page.getByTestId('wall');
    await expect(wall).toBeVisible();
    await expect(page.getByTestId('wall-updated')).toContainText('Last update');
    const users = await wall.getByTestId('card-users').textContent();

    // The server goes away: the wall keeps its figures and says since when and why.
    await demo.close();
    await page.clock.runFor(5_000);
    await expect(page.getByTestId('wall-stale')).toContainText(/STALE since .+: .*(cannot be reached|refused|not answer)/, { timeout: 20_000 });
    await expect(wall.getByTestId('card-users')).toHaveText(users ?? '');
    await page.screenshot({ path: test.info().outputPath('wall-server-down.png') });
    // Switched to Russian meanwhile, the why follows with the rest of the line (main made it in English).
    await page.getByTestId('language').selectOption('ru', { force: true });
    await expect(page.getByTestId('wall-stale')).not.toContainText(/cannot be reached|refused|not answer|STALE/);
    await expect(page.getByTestId('wall-stale')).toContainText(/[а-я]+.*: .*[а-я]+/);
    await page.getByTestId('language').selectOption('en', { force: true });

    // The same server comes back on its address (same seed, so the stored token is still good): no person needed.
    restarted = await startSimulator({ seed: 42, port });
    await page.clock.runFor(5_000);
    await expect(page.getByTestId('wall-updated')).toContainText('Last update', { timeout: 20_000 });
    await expect(page.getByTestId('wall-stale')).toHaveCount(0);
    await expect(wall.getByTestId('card-users')).toBeVisible();
    await expect(wall).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('wall-server-back.png') });
  });

  test('rotates across the chosen servers and views on its timer', async ({ page, console }) => {
    const demo = console.app.demoServer!;
    const services = console.app.services;
    const first = (await services.profiles.getActiveId())!;
    const second = await services.profiles.create({ name: 'Second site', baseUrl: demo.baseUrl });
    services.connections.setDemoToken(second.id, demo.apiToken);
    // The rotation's 5 s timer runs on the test's clock, held still: a step comes when the test moves the clock 5 s
    // on, and not before, however long the machine takes to draw a step.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1_000);
    await console.open(page, `dashboard/wall/5?servers=${first},${second.id}&views=figures,charts`);
    const wall = page.getByTestId('wall');
    await expect(page.getByTestId('wall-step')).toHaveText('Step 1 of 4');
    await expect(wall.getByRole('heading', { level: 1 })).toContainText('Demo server');
    await expect(wall.getByTestId('card-users')).toBeVisible();
    await page.clock.runFor(4_900);
    await expect(page.getByTestId('wall-step')).toHaveText('Step 1 of 4');
    await page.clock.runFor(100);
    await expect(page.getByTestId('wall-step')).toHaveText('Step 2 of 4');
    await expect(wall.getByTestId('card-users')).toHaveCount(0);
    await page.clock.runFor(5_000);
    await expect(page.getByTestId('wall-step')).toHaveText('Step 3 of 4');
    await expect(wall.getByRole('heading', { level: 1 })).toContainText('Second site');
    await expect(wall.getByTestId('card-users')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('wall-rotation.png') });
  });
  test('left on the wall past midnight, the period on the screen behind it names the new day the wall shows', async ({ page, console }) => {
    // A minute before midnight in Berlin on the page's clock; the wall refreshes every 30 s as the clock moves on.
    await page.clock.install({ time: Date.parse('2026-11-27T22:59:00Z') });
    await console.open(page, 'dashboard');
    await expect(page.getByTestId('period-words')).toHaveText('27 Nov 2026, Europe/Berlin');
    await page.getByRole('button', { name: 'Wall mode' }).click();
    await expect(page.getByTestId('wall')).toBeVisible();
    await page.clock.runFor(90_000);
    await expect(page.getByTestId('wall-updated')).toContainText('Last update');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('wall')).toBeHidden();
    await expect(page.getByTestId('period-words')).toHaveText('28 Nov 2026, Europe/Berlin');
  });
});
