import { X509Certificate, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';
import { startSimulator, type RunningSimulator } from '../../main/simulator';
import { createExpiredCa, createTestPki, type TestPki } from '../support/test-pki';
import { card, fillNewServer } from './server-form';

/** Issue 10, item 7 in the browser: the CA is pasted or read from a file in the page; no path is ever sent. */

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

  /** Every body the page sends over the bridge, as it sends them (to show what never leaves the page). */
  function bridgeCallBodies(page: Page): string[] {
    const bodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ipc/')) bodies.push(request.postData() ?? '');
    });
    return bodies;
  }

  async function startForm(page: Page, name: string) {
    await fillNewServer(page, { name, url: simulator.baseUrl, token: simulator.apiToken });
    await page.getByRole('radio', { name: 'A custom CA certificate (PEM)' }).check();
  }

  test('a pasted CA is described, saved as text, and the server connects through it', async ({ page, console }) => {
    const calls = bridgeCallBodies(page);
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
    // The day the authority expires, as the page writes English dates (day first) in its own time zone.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const until = new Date(new X509Certificate(pki.caPem).validTo).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: zone });
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
    const sent = bridgeCallBodies(page);
    await console.open(page, 'connect');
    await startForm(page, 'Pasted the key');
    const field = page.getByLabel('CA certificate', { exact: true });
    await field.fill(pki.caSigned.key);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/^This is a private key, not a certificate\. It was removed from the field and not kept/);
    // The key does not stay on screen while the sentence says it was not kept.
    await expect(field).toHaveValue('');
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
    await expect(field).toHaveValue('');

    // A binary (DER) .cer file, as Windows exports it, is taken too.
    await choose('site-ca.cer', Buffer.from(new X509Certificate(pki.caPem).raw));
    await expect(field).toHaveValue(pki.caPem);
    await expect(page.getByTestId('ca-summary')).toContainText('Watchdesk Test CA');
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await page.getByTestId('ca-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('ca-from-file.png') });

    // A wrong file chosen next is not used: the working certificate, its summary and what Save sends stay as shown.
    await choose('notes.txt', Buffer.from('nothing to see'));
    await expect(page.getByTestId('ca-file-notice')).toHaveText('⚠ The chosen file is not a certificate. Choose the CA certificate file (.pem, .crt or .cer), or paste its text. That file was not used; the certificate above is kept.');
    await expect(field).toHaveValue(pki.caPem);
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByTestId('ca-summary')).toContainText('Watchdesk Test CA');
    await choose('server.key', Buffer.from(pki.caSigned.key));
    await expect(page.getByTestId('ca-file-notice')).toContainText('The chosen file holds a private key, not a certificate. It was not used or kept');
    await expect(field).toHaveValue(pki.caPem);
    await page.getByTestId('ca-file-notice').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('ca-file-not-used.png') });

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(card(page, 'From a file').getByTestId('connection-report')).toHaveAttribute('data-ok', 'true');
    await expectNoAxeViolations(page);
  });
});

test.describe('what a pasted certificate is', () => {
  let pki: TestPki;
  let simulator: RunningSimulator;
  test.beforeAll(async () => {
    pki = createTestPki();
    simulator = await startSimulator({ seed: 13, tls: { key: pki.caSigned.key, cert: pki.caSigned.cert } });
  });
  test.afterAll(async () => {
    await simulator.close();
  });

  /** Opens a new server's form on the custom CA choice for the simulator; with a CA, pastes it and saves. */
  async function addCaServer(page: Page, name: string, caPem?: string) {
    await fillNewServer(page, { name, url: simulator.baseUrl, token: simulator.apiToken });
    await page.getByRole('radio', { name: 'A custom CA certificate (PEM)' }).check();
    if (caPem === undefined) return;
    await page.getByLabel('CA certificate', { exact: true }).fill(caPem);
    await expect(page.getByTestId('ca-summary')).toContainText('127.0.0.1');
    await page.getByRole('button', { name: 'Save' }).click();
  }

  test("a server's certificate alone is refused; in a chain only the authority is kept", async ({ page, console }) => {
    await console.open(page, 'connect');
    await addCaServer(page, 'Chain');
    // The three trust choices are one group: one Tab stop, arrows move between them.
    const names = await page.getByRole('radio').evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).name));
    expect(new Set(names).size).toBe(1);
    expect(names[0]).not.toBe('');

    const field = page.getByLabel('CA certificate', { exact: true });
    await field.fill(pki.caSigned.cert);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/^127\.0\.0\.1 is a server's certificate, not a certificate authority \(it was signed by Watchdesk Test CA\)\./);
    await expect(page.getByTestId('ca-summary')).toHaveCount(0);
    await field.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('ca-leaf-refused.png') });

    await field.fill(`${pki.caSigned.cert}${pki.caPem}`);
    const summary = page.getByTestId('ca-summary');
    await expect(summary).toContainText('Trusts 1 CA certificate:');
    await expect(summary.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('ca-not-kept')).toHaveText("127.0.0.1 is a server's certificate, not an authority: it vouches for no other server and will not be kept.");
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('ca-chain.png') });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(card(page, 'Chain').getByTestId('connection-report')).toHaveAttribute('data-ok', 'true');
    const saved = (await console.app.services.profiles.list()).find((p) => p.name === 'Chain');
    expect(saved?.tls).toEqual({ mode: 'ca', caPem: pki.caPem });
  });

  test('an expired CA alone is refused with its name and date; next to a valid one it is a warning', async ({ page, console }) => {
    const expired = createExpiredCa();
    await console.open(page, 'connect');
    await addCaServer(page, 'Expired');
    const field = page.getByLabel('CA certificate', { exact: true });
    await field.fill(expired);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/^This CA certificate has expired: Expired Test CA \(expired on 2020-02-01\)\. An expired authority vouches for no server/);
    await expect(page.getByTestId('ca-summary')).toHaveCount(0);

    await field.fill(`${expired}${pki.caPem}`);
    await expect(page.getByTestId('ca-summary')).toContainText('Trusts 2 CA certificates:');
    await expect(page.getByTestId('ca-expired-warning')).toHaveText('⚠ 1 of these certificates has expired: servers it signed will not be trusted through it.');
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await page.getByTestId('ca-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('ca-some-expired.png') });
    await expectNoAxeViolations(page);
  });

  test('a certificate signed by an authority offers its CA; pinning over a custom CA asks first', async ({ page, console }) => {
    await console.open(page, 'connect');
    await addCaServer(page, 'Wrong CA', pki.selfSignedB.cert);
    const site = card(page, 'Wrong CA');
    const review = site.getByTestId('certificate-review');
    await expect(review).toBeVisible();
    await expect(site.getByTestId('certificate-authority')).toContainText(
      'This certificate is signed by Watchdesk Test CA. If your organisation runs that authority, add its CA certificate instead.',
    );
    await review.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('ca-offer-authority.png') });
    await expectNoAxeViolations(page);

    // Pinning would drop the custom CA: asked first, and Cancel changes nothing.
    await site.getByRole('button', { name: 'Trust this certificate for this server' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Trust only this certificate for “Wrong CA”?' });
    await expect(dialog).toContainText('This server now trusts a custom CA (127.0.0.1). Trusting this certificate replaces it: the custom CA will no longer be used for this server');
    await page.screenshot({ path: test.info().outputPath('ca-pin-confirm.png') });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await console.app.services.profiles.list()).find((p) => p.name === 'Wrong CA')?.tls.mode).toBe('ca');

    // The better way: add the authority's certificate; the form opens on that choice with the field focused.
    await site.getByRole('button', { name: 'Add its CA certificate' }).click();
    const field = page.getByLabel('CA certificate', { exact: true });
    await expect(page.getByRole('radio', { name: 'A custom CA certificate (PEM)' })).toBeChecked();
    await expect(field).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('ca-add-from-offer.png') });
    await field.fill(pki.caPem);
    await expect(page.getByTestId('ca-summary')).toContainText('Watchdesk Test CA');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(site.getByTestId('connection-report')).toHaveAttribute('data-ok', 'true');
    await expect(site.getByTestId('trust-fact')).toContainText('Custom CA: Watchdesk Test CA');
  });

  test('pinning over a custom CA, once confirmed, replaces it with the pin', async ({ page, console }) => {
    await console.open(page, 'connect');
    await addCaServer(page, 'Pin instead', pki.selfSignedA.cert);
    const site = card(page, 'Pin instead');
    await site.getByRole('button', { name: 'Trust this certificate for this server' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Replace the CA with this certificate' }).click();
    await expect(site.getByTestId('connection-report')).toHaveAttribute('data-ok', 'true');
    await expect(site.getByTestId('trust-fact')).toHaveText('· Pinned certificate');
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
