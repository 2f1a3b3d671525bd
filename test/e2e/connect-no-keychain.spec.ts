import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../../main/simulator';
import { filesUnder } from '../support/files';
import { fillNewServer } from './server-form';

const root = join(import.meta.dirname, '..', '..');

/** `npm run web`'s console, started the way a user would on a machine with no D-Bus session (so no keychain). */
async function startConsoleWithoutKeychain(dataDir: string): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const env = { ...process.env };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.DISPLAY;
  // As `npm run web` starts it: this Node (the project's 24) runs scripts/web.mjs, which starts the bundled host the
  // build made (through tsx, the host's sources were compiled again at every start).
  const child = spawn(process.execPath, ['--max-semi-space-size=2', join(root, 'scripts', 'web.mjs'), '--data-dir', dataDir], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the console did not start: ${output}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+\/\?secret=\S+/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    });
  });
  return { url, child, output: () => output };
}

test.describe('Connect without an OS keychain', () => {
  let simulator: RunningSimulator;
  let console: Awaited<ReturnType<typeof startConsoleWithoutKeychain>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'wd-nokeychain-'));

  test.beforeAll(async () => {
    simulator = await startSimulator({ seed: 9 });
    console = await startConsoleWithoutKeychain(dataDir);
  });
  test.afterAll(async () => {
    console.child.kill('SIGTERM');
    await simulator.close();
  });

  test('names the cause, refuses to write the token anywhere, and offers a session-only mode that works', async ({ page }) => {
    await page.goto(console.url);
    await page.goto(new URL('/#/connect', console.url).href);
    const banner = page.getByTestId('keychain-banner');
    await expect(banner).toContainText('The OS keychain is unavailable');
    await expect(banner).toContainText('D-Bus');
    await page.screenshot({ path: test.info().outputPath('no-keychain-banner.png'), fullPage: true });

    await fillNewServer(page, { name: 'Token desk', url: simulator.baseUrl, token: simulator.apiToken });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('form', { name: /Token desk|Add a server/ }).getByRole('alert')).toContainText('session only');

    await banner.getByRole('button', { name: 'Keep tokens for this session only' }).click();
    await expect(banner).toContainText('Session-only mode');
    await page.getByLabel('API access token').fill(simulator.apiToken);
    await page.getByRole('button', { name: 'Save' }).click();
    const card = page.locator('[data-testid="profile-card"][data-profile-name="Token desk"]');
    await expect(card.getByTestId('token-state')).toHaveText('Token for this session only');
    await expect(card.getByTestId('connection-report')).toHaveAttribute('data-ok', 'true');
    await page.screenshot({ path: test.info().outputPath('no-keychain-session-mode.png'), fullPage: true });

    // The token desk's history cannot be saved either: it says so, and keeps this session's tokens in memory.
    await page.goto(new URL('/#/tokens', console.url).href);
    const sessionHistory = page.getByRole('status').filter({ hasText: 'Session-only mode: this list holds the tokens issued since Watchdesk started' });
    await expect(sessionHistory).toBeVisible();
    await sessionHistory.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('no-keychain-token-history.png') });

    for (const file of filesUnder(dataDir)) expect(readFileSync(file).includes(simulator.apiToken), file).toBe(false);
    expect(console.output()).not.toContain(simulator.apiToken);
  });
});
