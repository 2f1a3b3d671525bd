import { X509Certificate, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';
import { startSimulator, type RunningSimulator } from '../../main/simulator';
import { createTestPki, type TestPki } from '../support/test-pki';

/** Issue 10, item 7 in the browser: the CA is pasted or read from a file in the page; no path is ever sent. */
const card = (page: Page, name: string) => page.locator(`[data-testid="profile-card"][data-profile-name="${name}"]`);

test.describe('a custom CA certificate on the Connect form', () => {
  let pki: TestPki;
  let simulator: RunningSimulator;
  test.beforeAll(() => {
    pki = createTestPki();
  });
  test.beforeEach(async () => {
    simulator = await startSimulator({ seed: 11, tls: { key: pki.caSigned.key, cert: pki.caSigned.cert } });
  });
  test.afterEach(async () => {
    await simulator.close();
  });

  async function startForm(page: Page, name: string) {
    await page.getByRole('button', { name: 'Add a server' }).click();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Server address').fill(simulator.baseUrl);
    await page.getByLabel('API access token').fill(simulator.apiToken);
    await page.getByRole('radio', { name: 'A custom CA certificate (PEM)' }).check();
  }

  test('a pasted CA is described, saved as text, and the server connects through it', async ({ page, console }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ipc/')) calls.push(request.postData() ?? '');
    });
    await console.open(page, 'connect');
    await startForm(page, 'Own CA site');
    const field = page.getByLabel('CA certificate', { exact: true });
    await field.fill(pki.caPem);
    const summary = page.getByTestId('ca-summary');
    await expect(summary).toContainText('Trusts 1 CA certificate:');
    await expect(summary).toContainText('Watchdesk Test CA');
    await expect(summary).toContainText('valid until');
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('ca-pasted.png') });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Save' }).click();
    const site = card(page, 'Own CA site');
    await expect(site.getByTestId('connection-report')).toHaveAttribute('data-ok', 'true');
    const until = new Date(new X509Certificate(pki.caPem).validTo).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    await expect(site.getByTestId('trust-fact')).toHaveText(`· Custom CA: Watchdesk Test CA, valid until ${until}`);
    await page.screenshot({ path: test.info().outputPath('ca-saved-card.png'), fullPage: true });

    // Editing shows what is trusted without asking main to read anything.
    await site.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByTestId('ca-summary')).toContainText('Watchdesk Test CA');
    const saved = (await console.app.services.profiles.list()).find((p) => p.name === 'Own CA site');
    expect(saved?.tls).toEqual({ mode: 'ca', caPem: pki.caPem });
    expect(calls.join('\n')).not.toMatch(/caFile|"path"/);
  });

  test('a private key or garbage pasted is refused next to the field, and Save says the same', async ({ page, console }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ipc/')) sent.push(request.postData() ?? '');
    });
    await console.open(page, 'connect');
    await startForm(page, 'Pasted the key');
    const field = page.getByLabel('CA certificate', { exact: true });
    await field.fill(pki.caSigned.key);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/^This is a private key, not a certificate\./);
    await expect(page.getByTestId('ca-summary')).toHaveCount(0);
    await page.getByRole('button', { name: 'Choose file…' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('ca-private-key.png') });
    await expectNoAxeViolations(page);

    await field.fill('my CA is in /etc/ssl/site-ca.pem');
    await expect(field).toHaveAccessibleDescription(/^This is not a PEM certificate\. Paste the text that starts with -----BEGIN CERTIFICATE-----/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/^This is not a PEM certificate\./);
    expect((await console.app.services.profiles.list()).map((p) => p.name)).not.toContain('Pasted the key');
    // The key was refused in the page: it never crossed to main.
    expect(sent.join('\n')).not.toContain('PRIVATE KEY');
    expect(sent.join('\n')).not.toContain(pki.caSigned.key.split('\n')[1]);
  });

  test('a file chosen in the page (PEM or DER) fills the field; a file that is no certificate is refused', async ({ page, console }) => {
    await console.open(page, 'connect');
    await startForm(page, 'From a file');
    const field = page.getByLabel('CA certificate', { exact: true });

    const choose = async (name: string, buffer: Buffer) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose file…' }).click();
      await (await chooser).setFiles({ name, mimeType: 'application/octet-stream', buffer });
    };

    await choose('notes.txt', Buffer.from('nothing to see'));
    await expect(field).toHaveAccessibleDescription(/^The chosen file is not a certificate\./);

    // A binary (DER) .cer file, as Windows exports it, is taken too.
    await choose('site-ca.cer', Buffer.from(new X509Certificate(pki.caPem).raw));
    await expect(field).toHaveValue(pki.caPem);
    await expect(page.getByTestId('ca-summary')).toContainText('Watchdesk Test CA');
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await page.getByTestId('ca-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('ca-from-file.png') });

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(card(page, 'From a file').getByTestId('connection-report')).toHaveAttribute('data-ok', 'true');
    await expectNoAxeViolations(page);
  });
});

test.describe('a server saved with a CA file path by an older version', () => {
  let pki: TestPki;
  let simulator: RunningSimulator;
  const id = randomUUID();
  const now = new Date().toISOString();
  const old = { id, name: 'Old site', baseUrl: 'https://127.0.0.1:9', kind: 'server', tokenStyle: 'bearer', tls: { mode: 'ca', caFile: '/etc/ssl/gone/old-site-ca.pem' }, timeoutMs: 15000, createdAt: now, updatedAt: now };
  test.use({ seedFiles: { 'profiles.json': JSON.stringify({ version: 1, activeId: null, profiles: [old] }) } });
  test.beforeAll(async () => {
    pki = createTestPki();
    simulator = await startSimulator({ seed: 12, tls: { key: pki.caSigned.key, cert: pki.caSigned.cert } });
  });
  test.afterAll(async () => {
    await simulator.close();
  });

  test('asks for the CA again on its card and form, and connects once it is pasted', async ({ page, console }) => {
    await console.open(page, 'connect');
    const site = card(page, 'Old site');
    await expect(site.getByTestId('trust-fact')).toHaveText('· CA certificate needed: edit the server to choose it again');
    await site.getByRole('button', { name: 'Test connection' }).click();
    await expect(site).toContainText('The CA certificate of “Old site” has to be chosen again');
    await expect(site).not.toContainText('/etc/ssl');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('ca-needed-card.png') });

    await site.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('radio', { name: 'A custom CA certificate (PEM)' })).toBeChecked();
    await expect(page.getByTestId('ca-needed')).toContainText('Paste the CA certificate or choose its file again');
    await page.getByTestId('ca-needed').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('ca-needed-form.png') });
    // The server moved meanwhile: its new address, its token and its CA.
    await page.getByLabel('Server address').fill(simulator.baseUrl);
    await page.getByLabel('API access token').fill(simulator.apiToken);
    await page.getByLabel('CA certificate', { exact: true }).fill(pki.caPem);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(site.getByTestId('connection-report')).toHaveAttribute('data-ok', 'true');
    await expect(site.getByTestId('trust-fact')).toContainText('Custom CA: Watchdesk Test CA');
  });
});
