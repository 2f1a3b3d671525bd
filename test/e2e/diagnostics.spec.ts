import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import type { Updater } from '../../main/support/updates';
import { test, expect } from './fixtures';
import { expectNoAxeViolations } from './axe';
import { SHAPE_RTSP_PASSWORD, SHAPE_RTSP_TOKEN } from '../../main/simulator';
import { streamsWith } from '../support/streams';
import type { ChannelName, InputOf, OutputOf } from '../../preload/contract';
import type { ConsoleUnderTest } from './fixtures';
import { createRegistry } from '../../main/ipc/registry';

/** A call to the console's handlers (input checked as the bridge's are), for the work done before About is opened. */
async function call<C extends ChannelName>(console: ConsoleUnderTest, channel: C, input: InputOf<C>): Promise<OutputOf<C>> {
  const result = await createRegistry(console.app.handlers, { isTrustedSender: () => true }).call(channel, input, { transport: 'test' });
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as OutputOf<C>;
}

test.describe('About: support', () => {
  test('exports diagnostics from About: a JSON file for a ticket with no token, ONVIF password or RTSP credential in it', async ({ page, console }) => {
    const sim = console.app.demoServer!;
    // The day's work first: tokens issued, cameras queued with ONVIF passwords, a device's RTSP credentials looked up.
    for (const stream of streamsWith(sim.state, 'private').slice(0, 2)) await call(console, 'tokens.create', { stream, live: true, ttl: 900 });
    const folder = [...sim.state.foldersByKey.values()][0]!;
    const group = sim.state.treeById.get(folder.group_id)!.key;
    for (let i = 0; i < 2; i++) {
      const password = `onvif-e2e-password-${i}-${Date.now()}`;
      console.secrets.push(password);
      await call(console, 'onboarding.submit', {
        request: {
          name: `Diagnostics camera ${i}`,
          mac: `02:00:00:00:d1:0${i}`,
          group_external_id: group,
          folder_key: folder.key,
          streams: [{ type: 'high', is_archive_enabled: true, archive_storage_days: 30, archive_recording_type: 'fulltime' }],
          onvif_credentials: { login: 'admin', password, port: 80 },
        },
        send: 'outbox',
      });
    }
    await call(console, 'agents.lookup', { id: String(sim.state.agentShapes.credentials) });
    console.secrets.push(SHAPE_RTSP_PASSWORD, SHAPE_RTSP_TOKEN);

    await console.open(page, 'about');
    const exportButton = page.getByRole('button', { name: 'Download diagnostics' });
    await expect(exportButton).toBeVisible();
    const downloading = page.waitForEvent('download');
    await exportButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^watchdesk-diagnostics-.*\.json$/);
    const text = readFileSync(await download.path(), 'utf8');
    console.downloads.push({ name: download.suggestedFilename(), text });
    await expect(page.getByText(`Diagnostics downloaded as ${download.suggestedFilename()}.`)).toBeVisible();

    const report = JSON.parse(text) as { versions: { app: string; host: string }; profiles: { address: string }[]; log: unknown[]; storage: { health: { integrity: string } } };
    expect(report.versions).toMatchObject({ app: 'Watchdesk 0.1.0', host: 'web' });
    expect(report.profiles.map((profile) => profile.address)).toContain(`${sim.baseUrl}/`);
    expect(report.log.length).toBeGreaterThan(0);
    expect(report.storage.health.integrity).toMatch(/^ok/);
    const secrets = [sim.apiToken, ...sim.state.issuedStreamTokens.map((issued) => issued.token), ...console.secrets];
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);

    await page.screenshot({ path: test.info().outputPath('about-support.png'), fullPage: true });
    await expectNoAxeViolations(page);
  });

  test('saves the log level; the web host has no updates to offer', async ({ page, console }) => {
    await console.open(page, 'about');
    await expect(page.getByTestId('log-folder')).toHaveText(`${console.dataDir}/logs`);
    await page.getByLabel('Log level').selectOption('debug');
    await page.getByRole('button', { name: 'Save support settings' }).click();
    await expect(page.getByText('Support settings saved.')).toBeVisible();
    // Kept across a reload: the page asks main again and reads the saved level.
    await page.reload();
    await expect(page.getByLabel('Log level')).toHaveValue('debug');
    // Updates are installed with the desktop app: no feed field, no update panel here.
    await expect(page.getByLabel('Update feed address')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Updates' })).toHaveCount(0);
  });
});

/**
 * The update panel as the desktop app shows it. Its updater is a stand-in here (electron-updater needs Electron; it is
 * exercised for real against a loopback feed in test/integration/support/updates.test.ts): it offers 0.2.0 and
 * downloads it in three steps.
 */
const installs: string[] = [];
function standInUpdater(feedUrl: string): Updater {
  const emitter = new EventEmitter();
  return {
    on: (event, listener) => emitter.on(event, listener),
    checkForUpdates: async () => ({ updateInfo: { version: '0.2.0' } }),
    downloadUpdate: async () => {
      for (const percent of [20, 60, 100]) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        emitter.emit('download-progress', { percent, bytesPerSecond: 1, total: 100, transferred: percent, delta: 1 });
      }
      return [`${feedUrl}watchdesk_0.2.0_amd64.deb`];
    },
    quitAndInstall: () => void installs.push('restart and install'),
  };
}

test.describe('About: updates in the desktop app', () => {
  test.use({ updater: { factory: async (feedUrl: string) => standInUpdater(feedUrl) } });

  test('no feed, no check; with a feed a newer version downloads and installs only when the operator says so', async ({ page, console }) => {
    await console.open(page, 'about');
    await expect(page.getByTestId('update-status')).toContainText('Updates are off: no feed address is set');
    await expect(page.getByRole('button', { name: 'Check for updates' })).toHaveCount(0);

    await page.getByLabel('Update feed address').fill('ftp://updates.example.org/');
    await page.getByRole('button', { name: 'Save support settings' }).click();
    await expect(page.getByText('Enter an http or https address without a user name or password')).toBeVisible();
    await page.getByLabel('Update feed address').fill('https://updates.example.org/watchdesk/');
    await page.getByRole('button', { name: 'Save support settings' }).click();
    await expect(page.getByTestId('update-status')).toContainText('Not checked since Watchdesk started.');

    await page.getByRole('button', { name: 'Check for updates' }).click();
    await expect(page.getByTestId('update-status')).toContainText('Version 0.2.0 is downloaded and its checksum verified.');
    expect(installs).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('about-updates.png'), fullPage: true });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Restart and install 0.2.0' }).click();
    await expect.poll(() => installs).toEqual(['restart and install']);
  });
});
