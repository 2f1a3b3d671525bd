import { shell, type Session, type WebContents } from 'electron';
import { isAllowedExternalUrl } from '../shared/external-links';
import { isAppUrl } from './app-protocol';
import { log } from '../shared/log';

/**
 * The one permission the console uses: writing to the clipboard after a click (the desk's Copy buttons), and only
 * for the app's own page. Reading the clipboard, camera, notifications, geolocation, ... are all denied.
 */
const allowedPermission = 'clipboard-sanitized-write';

function isPermissionAllowed(permission: string, requestingUrl: string | undefined): boolean {
  return permission === allowedPermission && requestingUrl !== undefined && isAppUrl(requestingUrl);
}

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const allowed = isPermissionAllowed(permission, details.requestingUrl);
    if (!allowed) log.warn('security', `denied permission request: ${permission}`);
    callback(allowed);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => isPermissionAllowed(permission, requestingOrigin));
}

/**
 * No navigation away from the app, no new windows, no webviews. Links to allowlisted https pages open in the
 * system browser; everything else is dropped.
 */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) {
      event.preventDefault();
      log.warn('security', 'blocked navigation away from the app');
    }
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    else log.warn('security', 'blocked a window or link to a non-allowlisted address');
    return { action: 'deny' };
  });
}
