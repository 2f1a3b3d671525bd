import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { collectForLeakScan, filesForLeakScan } from './leak-scan/collect';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { createApp, type AppOptions, type WatchdeskApp } from '../../main/app/create-app';
import { createRegistry } from '../../main/ipc/registry';
import { isTrustedWebSender } from '../../main/ipc/trusted-senders';
import { startWebHost, type RecordedExchange, type RequestLogEntry, type RunningWebHost } from '../../main/web/host';
import { log } from '../../main/shared/log';

const root = join(import.meta.dirname, '..', '..');

export interface ConsoleUnderTest {
  app: WatchdeskApp;
  host: RunningWebHost;
  dataDir: string;
  /** Every log line written while the test ran (to prove no secret reaches the log). */
  logs: string[];
  /** Every request the web host answered, in order (e.g. to prove a screen follows events rather than polling). */
  requests: RequestLogEntry[];
  /** Files the page downloaded (the diagnostics file) and secrets the test handled itself (ONVIF passwords, RTSP
   * credentials): the leak scan searches the downloads, logs and data files for these too. */
  downloads: { name: string; text: string }[];
  secrets: string[];
  /** Opens the console in the page (through the secret-bearing URL) at a screen. */
  open(page: Page, screen?: string): Promise<void>;
}

/**
 * A fresh console per test: its own data folder and keychain service name, the real composition root and handler
 * registry behind the web host. Only Electron's IPC transport is replaced, by the web host's.
 */
export const test = base.extend<{
  console: ConsoleUnderTest;
  onboardingOptions: AppOptions['onboarding'];
  seedFiles: Record<string, string | Uint8Array> | undefined;
  updater: { factory: NonNullable<AppOptions['updaterFactory']> } | undefined;
  dataDirParent: string | undefined;
}>({
  /** Outbox knobs for one describe block, e.g. a long backoff so only "Try now" can resend (`test.use`). */
  onboardingOptions: [undefined, { option: true }],
  /** Files (name -> content) put in the data folder before the console starts, e.g. profiles an older version saved. */
  seedFiles: [undefined, { option: true }],
  /** An updater as the desktop app has one (the web host has none), for the About screen's update panel. */
  updater: [undefined, { option: true }],
  /** Where the data folder is made (the system's temp folder when not given), e.g. a small disk a test fills up. */
  dataDirParent: [undefined, { option: true }],
  console: async ({ onboardingOptions, seedFiles, updater, dataDirParent }, use, testInfo) => {
    const dataDir = mkdtempSync(join(dataDirParent ?? tmpdir(), 'wd-e2e-'));
    for (const [name, content] of Object.entries(seedFiles ?? {})) writeFileSync(join(dataDir, name), content);
    const logs: string[] = [];
    log.setSink((line) => logs.push(line));
    const app = await createApp({
      dataDir,
      hostFacts: { host: 'web', electronVersion: null, chromeVersion: null },
      keychainService: `watchdesk-e2e-${process.pid}-${testInfo.testId}`,
      ...(onboardingOptions ? { onboarding: onboardingOptions } : {}),
      ...(updater ? { updaterFactory: updater.factory } : {}),
    });
    const registry = createRegistry(app.handlers, { isTrustedSender: isTrustedWebSender });
    const requests: RequestLogEntry[] = [];
    const exchanges: RecordedExchange[] = [];
    const downloads: ConsoleUnderTest['downloads'] = [];
    const secrets: string[] = [];
    const host = await startWebHost({
      registry,
      events: app.services.events,
      rendererDir: join(root, 'dist', 'renderer'),
      onRequest: (entry) => requests.push(entry),
      recordExchanges: (exchange) => exchanges.push(exchange),
    });
    await use({
      app,
      host,
      dataDir,
      logs,
      requests,
      downloads,
      secrets,
      async open(page, screen = 'connect') {
        // One page load, as a start-up address opens the console: the page takes the secret out of the address and
        // keeps the screen's route (loading the first URL and then the screen was two page loads in every test).
        await page.goto(`${host.url}#/${screen}`);
      },
    });
    await host.close();
    // The database's WAL and shared memory exist only while it is open (closing checkpoints and removes them).
    const whileRunning = filesForLeakScan(dataDir);
    await app.dispose();
    // The secret-leak scan of this console; the suite's verdict is read after it (leak-scan/leak-scan.teardown.ts).
    log.flush();
    collectForLeakScan(testInfo.testId, testInfo.titlePath.join(' › '), { app, dataDir, logs, exchanges, whileRunning, downloads, secrets });
    rmSync(dataDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';
