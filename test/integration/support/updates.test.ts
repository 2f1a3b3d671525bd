import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import type { DownloadOptions } from 'builder-util-runtime';
import type { UpdateStatus } from '../../../preload/contract/support';
import { createUpdateService, type Updater, type UpdaterFactory } from '../../../main/support/updates';
import { log } from '../../../main/shared/log';

// electron-updater itself, for real: its generic provider reads the feed, its download verifies the sha512. Only what
// needs the Electron binary is replaced: the app adapter (version, folders) and the HTTP executor (Electron's `net`
// becomes Node's http, through electron-updater's own executor base class). Installing (quitAndInstall runs dpkg or
// the NSIS installer and restarts Electron) cannot run here and is not exercised.
const require = createRequire(import.meta.url);
const updaterModule = require('electron-updater') as typeof import('electron-updater');
const runtime = createRequire(require.resolve('electron-updater'))('builder-util-runtime') as typeof import('builder-util-runtime');

/** ElectronHttpExecutor's `download` over Node's http (the same steps: its base class downloads and verifies). */
class NodeHttpExecutor extends runtime.HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return httpRequest(options, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions = { headers: options.headers ?? undefined };
      runtime.configureRequestUrl(url, requestOptions);
      runtime.configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        { destination, options, onCancel, callback: (error) => (error == null ? resolve(destination) : reject(error)), responseHandler: null },
        0,
      );
    });
  }
}

const work = mkdtempSync(join(tmpdir(), 'wd-updates-'));
const CURRENT = '0.1.0';
// What electron-builder writes into the packaged app's resources when `publish` is configured.
writeFileSync(join(work, 'app-update.yml'), 'provider: generic\nurl: https://watchdesk.invalid/updates/\nupdaterCacheDirName: watchdesk-updater\n');

function adapter(dir: string, isPackaged = true): AppAdapter {
  return {
    version: CURRENT,
    name: 'Watchdesk',
    isPackaged,
    appUpdateConfigPath: join(work, 'app-update.yml'),
    userDataPath: dir,
    baseCachePath: dir,
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
}

/** The feed: a latest*.yml naming an installer, its sha512 and size; the installer's bytes (tampered on request). */
interface Feed {
  version: string;
  installer: Buffer;
  /** Serve other bytes than the yml's checksum describes (a damaged or replaced installer). */
  tampered?: boolean;
}
let feed: Feed = { version: '0.2.0', installer: Buffer.alloc(0) };
const requests: string[] = [];
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const path = (request.url ?? '').split('?')[0] ?? '';
    const name = `watchdesk_${feed.version}_amd64.deb`;
    if (path.endsWith('.yml')) {
      const sha512 = createHash('sha512').update(feed.installer).digest('base64');
      response.setHeader('content-type', 'text/yaml');
      response.end(`version: ${feed.version}\nfiles:\n  - url: ${name}\n    sha512: ${sha512}\n    size: ${feed.installer.length}\npath: ${name}\nsha512: ${sha512}\nreleaseDate: '2026-11-20T10:00:00.000Z'\n`);
    } else if (path.endsWith(`/${name}`)) {
      const body = feed.tampered ? Buffer.concat([feed.installer.subarray(0, feed.installer.length - 1), Buffer.from([feed.installer.at(-1)! ^ 0xff])]) : feed.installer;
      response.setHeader('content-length', String(body.length));
      response.end(body);
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/updates/`;
  log.setQuiet(true);
});
afterAll(async () => {
  log.setQuiet(false);
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});
afterEach(() => {
  requests.length = 0;
});

/** The same setup as main/electron/updater.ts, on electron-updater's Linux .deb updater. */
function testFactory(dir: string, isPackaged = true): { factory: UpdaterFactory; built: () => number } {
  let built = 0;
  const factory: UpdaterFactory = async (feedUrl) => {
    built += 1;
    const updater = new updaterModule.DebUpdater(null, adapter(dir, isPackaged));
    Object.assign(updater, { httpExecutor: new NodeHttpExecutor() });
    updater.logger = null;
    updater.autoDownload = false;
    updater.autoInstallOnAppQuit = false;
    updater.allowDowngrade = false;
    updater.setFeedURL({ provider: 'generic', url: feedUrl });
    return updater as Updater;
  };
  return { factory, built: () => built };
}

function service(feedUrl: string | null, dir = mkdtempSync(join(work, 'run-'))) {
  const statuses: UpdateStatus[] = [];
  const { factory, built } = testFactory(dir);
  const updates = createUpdateService({ currentVersion: CURRENT, feedUrl: async () => feedUrl, factory, onStatus: (status) => statuses.push(status) });
  const settled = async (): Promise<UpdateStatus> => {
    for (let i = 0; i < 400; i++) {
      const now = updates.status();
      if (now.state !== 'downloading' && now.state !== 'checking' && now.state !== 'available') return now;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return updates.status();
  };
  return { updates, statuses, built, settled };
}

describe('updates from a feed (electron-updater, generic provider, on a loopback server)', () => {
  it('offers a newer version, downloads it in the background with progress, verifies its sha512, and is ready to install', async () => {
    feed = { version: '0.2.0', installer: Buffer.alloc(3 * 1024 * 1024, 7) };
    const { updates, statuses, settled } = service(baseUrl);
    const checked = await updates.check();
    expect(checked).toEqual({ state: 'available', version: '0.2.0' });
    expect(await settled()).toEqual({ state: 'ready', version: '0.2.0' });
    expect(statuses.some((status) => status.state === 'downloading')).toBe(true);
    expect(requests.some((url) => url.startsWith('/updates/latest-linux.yml'))).toBe(true);
    expect(requests.some((url) => url.startsWith('/updates/watchdesk_0.2.0_amd64.deb'))).toBe(true);
  }, 60_000);

  it('says nothing new when the feed has this same version, and downloads nothing', async () => {
    feed = { version: CURRENT, installer: Buffer.alloc(1024, 1) };
    const { updates, statuses } = service(baseUrl);
    expect(await updates.check()).toEqual({ state: 'current', version: CURRENT });
    expect(statuses.map((status) => status.state)).not.toContain('available');
    expect(requests.some((url) => url.includes('.deb'))).toBe(false);
  });

  it('refuses a tampered installer in words: the sha512 does not match, nothing is offered to install', async () => {
    feed = { version: '0.3.0', installer: Buffer.alloc(256 * 1024, 9), tampered: true };
    const { updates, settled } = service(baseUrl);
    expect((await updates.check()).state).toBe('available');
    const outcome = await settled();
    expect(outcome).toEqual({ state: 'refused', message: expect.stringContaining('does not match the checksum (sha512)'), said: { key: 'about.updates.verification' } });
    expect(() => updates.install()).toThrow('There is no downloaded update to install.');
  }, 60_000);

  it('refuses an older version on the feed in words, and downloads nothing', async () => {
    feed = { version: '0.0.9', installer: Buffer.alloc(1024, 2) };
    const { updates } = service(baseUrl);
    expect(await updates.check()).toEqual({
      state: 'refused',
      message: 'The feed offers version 0.0.9, older than this one (0.1.0); Watchdesk does not go back to an older version.',
      said: { key: 'about.updates.downgrade', values: { offered: '0.0.9', current: '0.1.0' } },
    });
    expect(requests.some((url) => url.includes('.deb'))).toBe(false);
  });

  it('makes no request at all while no feed is set, and builds no updater', async () => {
    const { updates, built } = service(null);
    await updates.feedChanged();
    expect(updates.status()).toEqual({ state: 'off' });
    expect(await updates.check()).toEqual({ state: 'off' });
    expect(await updates.download()).toEqual({ state: 'off' });
    expect(built()).toBe(0);
    expect(requests).toEqual([]);
  });

  it('says a copy run from a build folder cannot update itself, and asks the feed nothing', async () => {
    const { factory } = testFactory(mkdtempSync(join(work, 'unpacked-')), false);
    const updates = createUpdateService({ currentVersion: CURRENT, feedUrl: async () => baseUrl, factory, onStatus: () => undefined });
    expect(await updates.check()).toEqual({ state: 'failed', message: expect.stringContaining('runs from a build folder, not from an installed package'), said: { key: 'about.updates.notInstalled' } });
    expect(requests).toEqual([]);
  });

  it('says updates are not for this host where there is no updater (the web host)', async () => {
    const updates = createUpdateService({ currentVersion: CURRENT, feedUrl: async () => baseUrl, factory: null, onStatus: () => undefined });
    expect(await updates.check()).toEqual({ state: 'unsupported' });
    expect(requests).toEqual([]);
  });
});
