import { z } from 'zod';
import { channel } from './channel';
import type { Said } from './said';
import { event } from './event';
import { fieldMessage } from './messages/field-message';

import { supportLogLevels, type SupportLogLevel } from './log-levels';

export { supportLogLevels, type SupportLogLevel } from './log-levels';

/**
 * An update feed: the https (or http, for a feed on the desk's own network) folder holding `latest.yml` and the
 * installers electron-builder made. No credentials in it: it is shown in About and written to the diagnostics file.
 */
export const updateFeedSchema = z
  .string()
  .trim()
  .max(2000, { error: fieldMessage('about.updates.feedInvalid') })
  .refine(
    (text) => {
      try {
        const url = new URL(text);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    },
    { error: fieldMessage('about.updates.feedInvalid') },
  );

/** The support settings as the About screen shows them. */
export interface SupportSettingsView {
  logLevel: SupportLogLevel;
  /** Set when WATCHDESK_LOG_LEVEL decides the level for this run (the setting then waits for the next run). */
  logLevelFromEnvironment: SupportLogLevel | null;
  /** The feed in force: the saved one, else the one built in; null when updates are off (isolated desks). */
  updateFeedUrl: string | null;
  /** The feed was given when this build was made (the setting may replace it). */
  feedFromBuild: boolean;
  /** Where the log files are, for the operator to tell support. */
  logFolder: string;
  /** Whether this host can install updates (the desktop app); the web host runs from a checkout. */
  updatesSupported: boolean;
  /** The diagnostics file is saved through main's dialog (the desktop app); otherwise the page downloads it. */
  savesThroughDialog: boolean;
}

/** Where an update stands. `refused` and `failed` carry the sentence that says why (and how it was said). */
export type UpdateStatus =
  | { state: 'off' }
  | { state: 'unsupported' }
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'current'; version: string }
  | { state: 'available'; version: string }
  | { state: 'downloading'; version: string; percent: number }
  | { state: 'ready'; version: string }
  | { state: 'refused'; message: string; said?: Said }
  | { state: 'failed'; message: string; said?: Said };

/** The desktop app saved the file where the operator chose (or they cancelled); the web host's page downloads it. */
export type DiagnosticsExport =
  | { kind: 'saved' }
  | { kind: 'cancelled' }
  | { kind: 'download'; fileName: string; text: string };

export const supportChannels = {
  'support.settings': channel<SupportSettingsView>()(z.undefined()),
  'support.saveSettings': channel<SupportSettingsView>()(
    z.object({
      logLevel: z.enum(supportLogLevels),
      /** Empty: no feed (updates off). */
      updateFeedUrl: z.union([z.literal(''), updateFeedSchema]),
    }),
  ),
  /** One file for a support ticket: versions, settings, profiles' addresses, recent log lines, crashes, storage health. */
  'support.exportDiagnostics': channel<DiagnosticsExport>()(z.undefined()),
  'support.updateStatus': channel<UpdateStatus>()(z.undefined()),
  /** Asks the feed whether a newer version exists (never called by itself while no feed is set). */
  'support.checkForUpdate': channel<UpdateStatus>()(z.undefined()),
  /** Downloads the offered version in the background; progress comes as `support.update` events. */
  'support.downloadUpdate': channel<UpdateStatus>()(z.undefined()),
  /** The operator agreed: the app restarts and installs the downloaded, verified version. */
  'support.installUpdate': channel<null>()(z.undefined()),
};

export const supportEvents = {
  'support.update': event<UpdateStatus>(),
};
