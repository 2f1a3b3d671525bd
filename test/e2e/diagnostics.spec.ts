import { readFileSync } from 'node:fs';
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
    expect(JSON.parse(readFileSync(`${console.dataDir}/support.json`, 'utf8'))).toEqual({ logLevel: 'debug' });
    // Updates are installed with the desktop app: no feed field, no update panel here.
    await expect(page.getByLabel('Update feed address')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Updates' })).toHaveCount(0);
  });
});
