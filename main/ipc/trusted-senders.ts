import type { Sender } from './registry';

/**
 * Who may call the registry, per transport, in one place: the host, the Electron entry, the tests and the e2e
 * fixtures all use these rules rather than their own copies.
 */

/** The renderer's origin in Electron. A custom standard scheme instead of file:// gives the page a real, narrow origin. */
export const appScheme = 'app';
export const appHost = 'watchdesk';
export const appOrigin = `${appScheme}://${appHost}`;

/** True when a URL belongs to our own renderer. */
export function isAppUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === `${appScheme}:` && url.host === appHost;
  } catch {
    return false;
  }
}

/** Electron: only the app's own top-level frame may call: not an iframe, not a page we were navigated to. */
export function isTrustedElectronSender(sender: Sender): boolean {
  return sender.transport === 'electron' && sender.isTopFrame && isAppUrl(sender.frameUrl);
}

/** Web host: only a caller that presented this run's secret (the host checks Host and Origin before that). */
export function isTrustedWebSender(sender: Sender): boolean {
  return sender.transport === 'web' && sender.authenticated;
}
