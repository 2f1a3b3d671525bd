import { dialog, type BrowserWindow, type RenderProcessGoneDetails } from 'electron';
import { log } from '../shared/log';
import { t } from '../shared/i18n';
import type { Notifier } from '../shared/notifier';
import { writeCrashRecord } from '../support/crash-record-writer';

export interface WindowRecoveryOptions {
  dataDir: string;
  notifier: Notifier;
  /** How long the window may stay unresponsive before the operator is asked (Chromium says so after a few seconds). */
  askAfterMs?: number;
}

/**
 * A window whose page is gone (crashed, killed, out of memory) is reloaded at once, with an OS notification saying so
 * and a crash record for support; everything acknowledged lives in main and the data folder, so the reloaded page
 * shows it again. A page that stops responding is not reloaded behind the operator's back (it may come back, and a
 * form may be half filled): they are asked, Reload or Wait, and the question goes away if the page recovers.
 */
export function recoverWindow(window: BrowserWindow, options: WindowRecoveryOptions): void {
  const contents = window.webContents;
  let asking: AbortController | null = null;

  contents.on('render-process-gone', (_event, details: RenderProcessGoneDetails) => {
    if (details.reason === 'clean-exit') return;
    writeCrashRecord(options.dataDir, {
      kind: 'renderer-gone',
      host: 'electron',
      name: details.reason,
      message: `the window's page ended (${details.reason}, exit code ${details.exitCode})`,
      details: { reason: details.reason, exitCode: String(details.exitCode) },
    });
    log.error('window', `the page ended (${details.reason}, exit code ${details.exitCode}); reloading it`);
    if (window.isDestroyed()) return;
    contents.reload();
    options.notifier.notify({ title: t('about.window.goneTitle'), body: t('about.window.gone', { reason: details.reason }) });
  });

  contents.on('unresponsive', () => {
    if (asking || window.isDestroyed()) return;
    log.warn('window', 'the page stopped responding');
    asking = new AbortController();
    void dialog
      .showMessageBox(window, {
        type: 'warning',
        title: t('about.window.unresponsiveTitle'),
        message: t('about.window.unresponsive'),
        buttons: [t('about.window.reload'), t('about.window.wait')],
        defaultId: 1,
        cancelId: 1,
        signal: asking.signal,
      })
      .then(({ response }) => {
        const aborted = asking?.signal.aborted ?? true;
        asking = null;
        if (aborted || response !== 0 || window.isDestroyed()) return;
        writeCrashRecord(options.dataDir, { kind: 'renderer-unresponsive', host: 'electron', name: 'unresponsive', message: 'the operator reloaded a window that stopped responding' });
        log.warn('window', 'the operator reloaded the unresponsive page');
        contents.forcefullyCrashRenderer();
        contents.reload();
      });
  });

  contents.on('responsive', () => {
    if (!asking) return;
    log.info('window', 'the page responds again');
    asking.abort();
  });
}
