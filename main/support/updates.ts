import type { ProgressInfo } from 'electron-updater';
import type { UpdateStatus } from '../../preload/contract/support';
import { log } from '../shared/log';
import { said, say, type SaidValues } from '../shared/i18n';
import type { MessageKey } from '../../preload/contract/messages';
import { AppFailure } from '../shared/app-failure';
import { compareVersions } from './version-order';

/** A refusal or failure, in the operator's language now, kept as how it was said for the page to say again. */
function told(state: 'failed' | 'refused', key: MessageKey, values?: SaidValues): UpdateStatus {
  const sentence = said(key, values);
  return { state, message: say(sentence), said: sentence };
}

/** The part of electron-updater's AppUpdater the service drives (the desktop app's autoUpdater; a test's own). */
export interface Updater {
  /** Null when the updater is not active (an app run from a build folder, not an installed package). */
  checkForUpdates(): Promise<{ updateInfo: { version: string } } | null>;
  /** Resolves once the file is downloaded and its sha512 matched the feed's; rejects otherwise. */
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'download-progress', listener: (progress: ProgressInfo) => void): unknown;
}

/**
 * Builds an updater for a feed: the desktop app loads electron-updater only then, so a desk with no feed never even
 * loads it. The updater must be set up with a generic provider on that feed, `autoDownload` and
 * `autoInstallOnAppQuit` off and `allowDowngrade` off (main/electron/updater.ts).
 */
export type UpdaterFactory = (feedUrl: string) => Promise<Updater>;

export interface UpdateServiceOptions {
  currentVersion: string;
  /** The feed in force now (settings, else the build's); null: updates are off and nothing is ever requested. */
  feedUrl: () => Promise<string | null>;
  /** Null where updates cannot be installed (the web host). */
  factory: UpdaterFactory | null;
  /** Every change of state, for the About screen (`support.update` events). */
  onStatus: (status: UpdateStatus) => void;
}

export interface UpdateService {
  status(): UpdateStatus;
  /** Asks the feed; a newer version starts downloading in the background at once. */
  check(): Promise<UpdateStatus>;
  download(): Promise<UpdateStatus>;
  /** Only after the operator agreed, and only a downloaded, verified version: quits, installs and starts again. */
  install(): void;
  /** The feed changed (or was cleared): the next check builds a new updater. */
  feedChanged(): Promise<void>;
}

const CHECKSUM_MISMATCH = 'ERR_CHECKSUM_MISMATCH';

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * Updates for connected machines, never for isolated ones: without a feed there is no updater and no request. With
 * one: check, download in the background with progress, let electron-updater verify the download against the feed's
 * sha512 (a mismatch deletes it), and install only when the operator says so. An older version on the feed is
 * refused in words (electron-updater would silently ignore it, leaving the operator wondering).
 */
export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  let status: UpdateStatus = options.factory ? { state: 'idle' } : { state: 'unsupported' };
  let updater: { feed: string; instance: Updater } | null = null;
  let offered: string | null = null;
  let downloading: Promise<UpdateStatus> | null = null;

  const set = (next: UpdateStatus): UpdateStatus => {
    status = next;
    options.onStatus(next);
    return next;
  };

  async function updaterForFeed(): Promise<Updater | null> {
    const feed = await options.feedUrl();
    if (feed === null || !options.factory) return null;
    if (updater?.feed === feed) return updater.instance;
    const instance = await options.factory(feed);
    instance.on('download-progress', (progress: ProgressInfo) => {
      if (offered && status.state === 'downloading') set({ state: 'downloading', version: offered, percent: Math.floor(progress.percent) });
    });
    updater = { feed, instance };
    return instance;
  }

  function outcomeOf(result: { updateInfo: { version: string } } | null): UpdateStatus {
    // electron-updater answers nothing when the app is not an installed package (run from a build folder).
    if (!result) return told('failed', 'about.updates.notInstalled');
    const version = result.updateInfo.version;
    const order = compareVersions(version, options.currentVersion);
    if (order === null) return told('failed', 'about.updates.failed', { reason: said('about.updates.notAVersion', { version }) });
    if (order < 0) return told('refused', 'about.updates.downgrade', { offered: version, current: options.currentVersion });
    if (order === 0) return { state: 'current', version };
    offered = version;
    return { state: 'available', version };
  }

  const service: UpdateService = {
    status: () => status,
    async check() {
      if (!options.factory) return set({ state: 'unsupported' });
      if (downloading) return status;
      const instance = await updaterForFeed();
      if (!instance) return set({ state: 'off' });
      set({ state: 'checking' });
      try {
        const outcome = set(outcomeOf(await instance.checkForUpdates()));
        log.info('updates', `checked the feed: ${outcome.state}${'version' in outcome ? ` ${outcome.version}` : ''}`);
        if (outcome.state === 'available') void service.download();
        return outcome;
      } catch (error) {
        log.warn('updates', `checking for updates failed: ${reasonOf(error)}`, error);
        return set(told('failed', 'about.updates.failed', { reason: reasonOf(error) }));
      }
    },
    download() {
      if (downloading) return downloading;
      if (!offered || !updater || !(status.state === 'available' || status.state === 'failed' || status.state === 'refused')) return Promise.resolve(status);
      const version = offered;
      const instance = updater.instance;
      set({ state: 'downloading', version, percent: 0 });
      downloading = instance
        .downloadUpdate()
        .then(() => {
          log.info('updates', `downloaded and verified ${version}`);
          return set({ state: 'ready', version });
        })
        .catch((error: unknown) => {
          const mismatch = (error as { code?: unknown }).code === CHECKSUM_MISMATCH || /checksum mismatch/i.test(reasonOf(error));
          log.warn('updates', `downloading ${version} failed: ${reasonOf(error)}`, error);
          return set(mismatch ? told('refused', 'about.updates.verification') : told('failed', 'about.updates.failed', { reason: reasonOf(error) }));
        })
        .finally(() => {
          downloading = null;
        });
      return downloading;
    },
    install() {
      if (status.state !== 'ready' || !updater) throw new AppFailure('Conflict', said('about.updates.noUpdate'));
      log.info('updates', `the operator agreed: restarting to install ${status.version}`);
      updater.instance.quitAndInstall(false, true);
    },
    async feedChanged() {
      updater = null;
      offered = null;
      const feed = await options.feedUrl();
      set(!options.factory ? { state: 'unsupported' } : feed === null ? { state: 'off' } : { state: 'idle' });
    },
  };
  return service;
}
