import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SHAPE_RTSP_PASSWORD, SHAPE_RTSP_TOKEN } from '../../../main/simulator';
import { log } from '../../../main/shared/log';
import { writeCrashRecord } from '../../../main/support/crash-record-writer';
import { hasDbus } from '../../support/dbus';
import { streamsWith } from '../../support/streams';
import { camera, openConsole, placementOf, type Console } from '../onboarding/console';

let desk: Console | null = null;
afterEach(async () => {
  await desk?.close();
  desk = null;
});

describe.skipIf(!hasDbus)('the diagnostics file', () => {
  it('tells support what they need, and holds none of the secrets the console handled', async () => {
    desk = await openConsole();
    const sim = desk.app.demoServer!;
    const secrets: string[] = [sim.apiToken];

    // Stream tokens issued at the desk.
    for (const stream of streamsWith(sim.state, 'private').slice(0, 3)) {
      const issued = (await desk.value('tokens.create', { stream, live: true, ttl: 900 })).token;
      if (issued) secrets.push(issued);
    }
    // Cameras queued with ONVIF passwords.
    const { group, folder } = placementOf(sim.state);
    for (let i = 0; i < 3; i++) {
      const password = `onvif-password-${i}-${Math.random().toString(36).slice(2)}`;
      secrets.push(password);
      await desk.value('onboarding.submit', { request: camera(group, folder, { onvif_credentials: { login: 'admin', password, port: 80 } }), send: 'outbox' });
    }
    // A device whose stream addresses carry RTSP credentials, handed to the screen to reveal.
    const device = await desk.value('agents.lookup', { id: String(sim.state.agentShapes.credentials) });
    expect(device.device.camera.streams[0]?.url).toContain(SHAPE_RTSP_PASSWORD);
    secrets.push(SHAPE_RTSP_PASSWORD, SHAPE_RTSP_TOKEN);
    // A connection test to remember, a log line and a crash record that try to carry the API token.
    const profileId = (await desk.value('profiles.list', undefined)).profiles[0]!.id;
    await desk.value('profiles.test', { id: profileId });
    log.warn('test', `a line that names the API token ${sim.apiToken}`);
    writeCrashRecord(desk.dataDir, { kind: 'unhandled-rejection', host: 'web', error: new Error(`request with ${sim.apiToken} failed`) });

    const exported = await desk.value('support.exportDiagnostics', undefined);
    if (exported.kind !== 'download') throw new Error(`the web host downloads the file, got ${exported.kind}`);
    expect(exported.fileName).toMatch(/^watchdesk-diagnostics-.*\.json$/);

    const leaked = secrets.filter((secret) => exported.text.includes(secret));
    expect(leaked).toEqual([]);

    const report = JSON.parse(exported.text) as {
      versions: { app: string; node: string; os: string; host: string };
      settings: { logLevel: string; updateFeedUrl: string | null };
      profiles: { address: string; lastConnectionTest: { outcome: string } | null }[];
      storage: { health: { integrity: string; counts: Record<string, number> } };
      crashes: { message: string }[];
      log: { area?: string; message?: string }[];
    };
    expect(report.versions).toMatchObject({ app: 'Watchdesk 0.1.0', node: process.versions.node, host: 'web' });
    expect(report.settings).toEqual(expect.objectContaining({ logLevel: 'info', updateFeedUrl: null }));
    expect(report.profiles[0]!.address).toBe(`${sim.baseUrl}/`);
    expect(report.profiles[0]!.lastConnectionTest?.outcome).toBeDefined();
    expect(report.storage.health.integrity).toMatch(/^ok/);
    expect(Object.keys(report.storage.health.counts)).toEqual(expect.arrayContaining(['profiles', 'outbox_entries', 'token_history']));
    expect(report.crashes[0]!.message).toBe('request with [redacted] failed');
    expect(report.log.some((line) => line.message === 'a line that names the API token [redacted]')).toBe(true);
    // The log files and crash records on disk hold none of them either.
    log.flush();
    const onDisk = ['logs', 'crashes'].flatMap((sub) => readdirSync(join(desk!.dataDir, sub)).map((name) => readFileSync(join(desk!.dataDir, sub, name), 'utf8')));
    expect(onDisk.length).toBeGreaterThan(1);
    expect(secrets.filter((secret) => onDisk.some((text) => text.includes(secret)))).toEqual([]);
  }, 60_000);

  it('uses the storage health the storage layer gives, and says when it fails', async () => {
    const { createApp } = await import('../../../main/app/create-app');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dataDir = mkdtempSync(join(tmpdir(), 'wd-diag-health-'));
    const app = await createApp({
      dataDir,
      demo: false,
      keychainService: `watchdesk-diag-${process.pid}`,
      hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
      storageHealth: async () => ({ integrity: 'ok (PRAGMA integrity_check)', counts: { outbox: 3, history: 12 }, notices: ['one damaged file was set aside'] }),
    });
    try {
      const answer = await app.handlers['support.exportDiagnostics'](undefined, { sender: { transport: 'test' }, signal: new AbortController().signal });
      if (answer.kind !== 'download') throw new Error('expected a download');
      expect(JSON.parse(answer.text).storage.health).toEqual({ integrity: 'ok (PRAGMA integrity_check)', counts: { outbox: 3, history: 12 }, notices: ['one damaged file was set aside'] });
    } finally {
      await app.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
