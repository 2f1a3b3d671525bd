import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { card, fillNewServer } from './server-form';
import { startSimulator, type RunningSimulator } from '../../main/simulator';
import { closedPort } from '../support/closed-port';
import { filesUnder } from '../support/files';
import { createTestPki } from '../support/test-pki';

async function addServer(page: Page, fields: { name: string; url: string; token?: string }) {
  await fillNewServer(page, fields);
  await page.getByRole('button', { name: 'Save' }).click();
}


test.describe('Connect', () => {
  let simulator: RunningSimulator;
  test.beforeEach(async () => {
    simulator = await startSimulator({ seed: 7 });
  });
  test.afterEach(async () => {
    await simulator.close();
  });

  test('offers the built-in demo server on first run, and the header shows it healthy', async ({ page, console }) => {
    await console.open(page, 'connect');
    const demo = page.locator('[data-testid="profile-card"]').first();
    await expect(demo).toContainText('Demo server (built-in simulator)');
    await expect(demo).toContainText('Active');
    await expect(demo.getByTestId('token-state')).toHaveText('Demo token (built in)');
    await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-health', 'ok');
    await expect(page.getByTestId('connection-badge')).toContainText('Connected');
    await page.screenshot({ path: test.info().outputPath('connect-first-run.png'), fullPage: true });
  });

  test('adds a server with its token, tests it, makes it active, and the token is found nowhere', async ({ page, console }) => {
    const ipcBodies: string[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/ipc/')) ipcBodies.push(await response.text().catch(() => ''));
    });
    await console.open(page, 'connect');
    await addServer(page, { name: 'Site 12 VMS', url: simulator.baseUrl, token: simulator.apiToken });
    const site = card(page, 'Site 12 VMS');
    await expect(site.getByTestId('connection-report')).toHaveAttribute('data-ok', 'true');
    await expect(site.getByTestId('connection-report')).toContainText('Connection works');
    await expect(site.getByTestId('token-state')).toHaveText('Token in keychain');
    await site.getByRole('button', { name: 'Use this server' }).click();
    await expect(site).toContainText('Active');
    await expect(page.getByTestId('connection-badge')).toContainText('Site 12 VMS');
    await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-health', 'ok');
    await page.screenshot({ path: test.info().outputPath('connect-added-healthy.png'), fullPage: true });

    // The token went to the keychain, and nowhere else: not the data folder, not the log, not any IPC answer.
    expect(await console.app.services.vault.getToken((await console.app.services.profiles.getActiveId())!)).toBe(simulator.apiToken);
    for (const file of filesUnder(console.dataDir)) expect(readFileSync(file).includes(simulator.apiToken), file).toBe(false);
    expect(console.logs.join('\n')).not.toContain(simulator.apiToken);
    expect(ipcBodies.length).toBeGreaterThan(3);
    expect(ipcBodies.join('\n')).not.toContain(simulator.apiToken);
    await expect(page.getByLabel('API access token')).toHaveCount(0);
  });

  test('opens the form of the server whose Edit was pressed, even while another form is open', async ({ page, console }) => {
    await console.open(page, 'connect');
    await addServer(page, { name: 'Site 12 VMS', url: simulator.baseUrl, token: simulator.apiToken });
    await expect(card(page, 'Site 12 VMS').getByTestId('token-state')).toHaveText('Token in keychain');
    await card(page, 'Demo server (built-in simulator)').getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit “Demo server (built-in simulator)”' })).toBeVisible();
    await card(page, 'Site 12 VMS').getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit “Site 12 VMS”' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Site 12 VMS');
    await expect(page.getByLabel('Server address')).toHaveValue(simulator.baseUrl);
  });

  test('colours the token state of each server', async ({ page, console }) => {
    await console.open(page, 'connect');
    await addServer(page, { name: 'No token yet', url: simulator.baseUrl });
    const demoState = card(page, 'Demo server (built-in simulator)').getByTestId('token-state');
    const noneState = card(page, 'No token yet').getByTestId('token-state');
    await expect(noneState).toHaveText('No token');
    const colour = (css: string) => page.evaluate((value) => {
      const probe = document.createElement('span');
      probe.style.color = value;
      document.body.append(probe);
      const rgb = getComputedStyle(probe).color;
      probe.remove();
      return rgb;
    }, css);
    await expect(demoState).toHaveCSS('color', await colour('var(--ok)'));
    await expect(noneState).toHaveCSS('color', await colour('var(--bad)'));
    await page.screenshot({ path: test.info().outputPath('connect-token-states.png'), fullPage: true });
  });

  test('shows a wrong field next to the field and keeps what was typed', async ({ page, console }) => {
    await console.open(page, 'connect');
    await addServer(page, { name: 'Broken', url: 'vms.example' });
    await expect(page.getByLabel('Server address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#pf-url-error')).toContainText('Enter a full address such as https://vms.example.com');
    await expect(page.getByLabel('Name')).toHaveValue('Broken');
    await page.screenshot({ path: test.info().outputPath('connect-field-error.png'), fullPage: true });
  });

  test('explains a refused token and marks the header as a problem', async ({ page, console }) => {
    await console.open(page, 'connect');
    await addServer(page, { name: 'Wrong token', url: simulator.baseUrl, token: 'not-the-token' });
    const site = card(page, 'Wrong token');
    await expect(site.getByTestId('connection-report')).toHaveAttribute('data-ok', 'false');
    await expect(site.getByTestId('connection-report')).toContainText(/refused the API token/i);
    await site.getByRole('button', { name: 'Use this server' }).click();
    await expect(page.getByTestId('connection-badge')).toHaveAttribute('data-health', 'failing');
    await page.screenshot({ path: test.info().outputPath('connect-token-refused.png'), fullPage: true });
  });

  test('says the server is unreachable in words', async ({ page, console }) => {
    const port = await closedPort();
    await console.open(page, 'connect');
    await addServer(page, { name: 'Offline site', url: `http://127.0.0.1:${port}`, token: 'anything' });
    const report = card(page, 'Offline site').getByTestId('connection-report');
    await expect(report).toHaveAttribute('data-ok', 'false');
    await expect(report.getByRole('status')).toHaveText(
      `127.0.0.1:${port} refused the connection. The platform may not be running there, or the port is wrong.`,
    );
  });
});

test.describe('Connect to a self-signed server', () => {
  test('shows the certificate, pins it on request, then refuses a changed one loudly', async ({ page, console }) => {
    const pki = createTestPki();
    let secure = await startSimulator({ seed: 7, tls: { key: pki.selfSignedA.key, cert: pki.selfSignedA.cert } });
    try {
      await console.open(page, 'connect');
      await addServer(page, { name: 'Self-signed', url: secure.baseUrl, token: secure.apiToken });
      const site = card(page, 'Self-signed');
      await expect(site.getByTestId('certificate-review')).toBeVisible();
      await expect(site.getByTestId('certificate-fingerprint')).toHaveText(pki.selfSignedA.sha256);
      // Self-signed: no authority to add instead, and no custom CA to replace, so no question before pinning.
      await expect(site.getByTestId('certificate-authority')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath('connect-certificate-review.png'), fullPage: true });
      await site.getByRole('button', { name: 'Trust this certificate for this server' }).click();
      await expect(site.getByTestId('connection-report')).toHaveAttribute('data-ok', 'true');
      await expect(site).toContainText('Pinned certificate');

      // The server comes back with another certificate on the same port.
      const port = secure.port;
      await secure.close();
      secure = await startSimulator({ seed: 7, port, tls: { key: pki.selfSignedB.key, cert: pki.selfSignedB.cert } });
      await site.getByRole('button', { name: 'Test connection' }).click();
      await expect(site.getByTestId('connection-report')).toHaveAttribute('data-ok', 'false');
      await expect(site.getByTestId('certificate-review')).toContainText("The server's certificate has changed");
      await expect(site.getByRole('button', { name: 'Trust this certificate for this server' })).toBeDisabled();
      await page.screenshot({ path: test.info().outputPath('connect-pin-mismatch.png'), fullPage: true });
    } finally {
      await secure.close();
    }
  });
});
