import { Notification } from 'electron';
import type { Notifier } from '../shared/notifier';
import { log } from '../shared/log';

/** Only the console's own screen links are followed from a click (`#/agents/watch/<list>/<device>`). */
const SCREEN_LINK = /^#\/[A-Za-z0-9/%._-]+$/;

/**
 * OS notifications from main: the renderer has no notification permission (see security.ts). A click on one that
 * carries a link brings the window forward at that screen (`open`, given by the shell that owns the window).
 */
export function createElectronNotifier(open?: (link: string) => void): Notifier {
  return {
    notify({ title, body, link }) {
      if (!Notification.isSupported()) {
        log.info('notify', `${title}: ${body} (this desktop shows no notifications)`);
        return;
      }
      const shown = new Notification({ title, body });
      if (open && link && SCREEN_LINK.test(link)) shown.on('click', () => open(link));
      shown.show();
    },
  };
}
