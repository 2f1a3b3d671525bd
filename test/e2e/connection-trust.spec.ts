import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';
import { streamsWith } from '../support/streams';

const sizes = [
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
];

test.describe('the header tells a failed call at once', () => {
  test('says Problem with the reason when a call on Stream tokens fails, without waiting for the periodic check', async ({ page, console }) => {
    const stream = streamsWith(console.app.demoServer!.state, 'private')[0]!;
    await console.open(page, 'tokens');
    const badge = page.getByTestId('connection-badge');
    await expect(badge).toHaveAttribute('data-health', 'ok');
    const checksBefore = console.requests.filter((request) => request.path === '/ipc/connection.check').length;

    // The server drops the connection without answering, as a dead link would.
    console.app.demoServer!.faults.add({ path: '/api/', drop: true });
    await page.getByLabel('Stream uid').fill(stream);
    await page.getByRole('switch', { name: /Live/ }).check();
    await page.getByRole('button', { name: 'Issue token' }).click();

    await expect(badge).toHaveAttribute('data-health', 'failing');
    await expect(badge).toContainText('Problem');
    await expect(badge).toHaveAccessibleDescription(/was dropped before the server answered/);
    expect(console.requests.filter((request) => request.path === '/ipc/connection.check').length).toBe(checksBefore);

    // The reason shows on keyboard focus and on hover, not only to screen readers; Escape hides it.
    const reason = page.getByTestId('connection-reason');
    await expect(reason).toBeHidden();
    await badge.focus();
    await expect(reason).toBeVisible();
    await expect(reason).toContainText('was dropped before the server answered');
    for (const size of sizes) {
      await page.setViewportSize(size);
      await page.screenshot({ path: test.info().outputPath(`header-problem-${size.width}.png`) });
    }
    await page.keyboard.press('Escape');
    await expect(reason).toBeHidden();
    await page.getByRole('heading', { level: 1 }).first().hover();
    await badge.hover();
    await expect(reason).toBeVisible();
    await expectNoAxeViolations(page);

    // The next call that gets through turns it back to Connected, again without a check.
    console.app.demoServer!.faults.clear();
    await page.getByRole('button', { name: 'Issue token' }).click();
    await expect(page.getByTestId('token-result')).toBeVisible();
    await expect(badge).toHaveAttribute('data-health', 'ok');
    await expect(badge).toContainText('Connected');
  });
});

test.describe('server cards keep the last test', () => {
  test('say a refused token was refused, with when, instead of a green "Token in keychain", also after a reload', async ({ page, console }) => {
    const { profiles, vault } = console.app.services;
    const demo = (await profiles.list())[0]!;
    const site = await profiles.create({ name: 'Wrong token', baseUrl: demo.baseUrl });
    await vault.setToken(site.id, 'not-the-token');
    await console.open(page, 'connect');
    const card = page.locator('[data-testid="profile-card"][data-profile-name="Wrong token"]');
    await expect(card.getByTestId('token-state')).toHaveText('Token in keychain');
    await expect(card.getByTestId('last-test')).toHaveText('· Not tested yet');

    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByTestId('token-state')).toHaveText(/^Token refused by the server, tested (now|\d+ sec\. ago)$/);
    await expect(card.getByTestId('last-test')).toHaveCount(0);
    const demoCard = page.locator('[data-testid="profile-card"]').first();
    await expect(demoCard.getByTestId('last-test')).toContainText('Connection works, tested');

    await page.reload();
    await expect(card.getByTestId('token-state')).toHaveText(/^Token refused by the server, tested/);
    await expectNoAxeViolations(page);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await page.screenshot({ path: test.info().outputPath(`connect-cards-${size.width}.png`) });
    }
  });
});
