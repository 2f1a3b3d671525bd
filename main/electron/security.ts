import { shell, type Session, type WebContents } from 'electron';
import { isAllowedExternalUrl } from '../shared/external-links';
import { isAppUrl } from './app-protocol';
import { log } from '../shared/log';

/** Every permission (camera, notifications, geolocation, ...) is denied: the console needs none. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => {
    log.warn('security', `denied permission request: ${permission}`);
    callback(false);
  });
  session.setPermissionCheckHandler(() => false);
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
