import type { BrowserWindow } from 'electron';
import { log } from '../shared/log';

/**
 * What a second launch asked for: a screen, as `watchdesk://<screen>` (a desktop link) or `--screen=<screen>`.
 * Only a plain screen name passes: the renderer's router decides whether it exists; nothing else of the second
 * launch's command line reaches the page.
 */
export function requestedScreen(argv: readonly string[]): string | null {
  for (const arg of argv) {
    const match = /^(?:watchdesk:\/\/\/?|--screen=)([a-z][a-z-]{0,39})\/?$/.exec(arg);
    if (match?.[1]) return match[1];
  }
  return null;
}

/**
 * A second launch of the console: this one keeps running (the second quits at once, having lost the single-instance
 * lock), its window comes forward (restored if minimised) and shows what the second launch asked to open.
 */
export function focusForSecondInstance(window: BrowserWindow | null, argv: readonly string[]): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
  const screen = requestedScreen(argv);
  if (screen === null) return;
  log.info('app', `a second launch asked for the ${screen} screen`);
  // The renderer routes by the address's hash: changing it opens the screen without reloading the page.
  void window.webContents.executeJavaScript(`location.hash = ${JSON.stringify(`#/${screen}`)}`).catch(() => undefined);
}
