import { Notification } from 'electron';
import type { Notifier } from '../shared/notifier';
import { log } from '../shared/log';

/** OS notifications from main: the renderer has no notification permission (see security.ts). */
export function createElectronNotifier(): Notifier {
  return {
    notify({ title, body }) {
      if (!Notification.isSupported()) {
        log.info('notify', `${title}: ${body} (this desktop shows no notifications)`);
        return;
      }
      new Notification({ title, body }).show();
    },
  };
}
