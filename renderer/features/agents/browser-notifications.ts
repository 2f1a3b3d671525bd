import type { AlertNotification } from '../../../preload/contract/agents-alerts';
import { api } from '../../lib/api';

/**
 * Alert notifications in the web host's page, with the browser's Notification API. In the desktop app main shows
 * them as OS notifications (the renderer has no notification permission there), so this runs only without the
 * preload's door. A click focuses the console and opens the alert.
 */
export function browserNotificationsAvailable(): boolean {
  return typeof window !== 'undefined' && window.watchdesk === undefined && 'Notification' in window;
}

export function showBrowserNotification(note: AlertNotification): void {
  if (!browserNotificationsAvailable() || Notification.permission !== 'granted') return;
  // One tag per link: a newer summary of the same list replaces the older one instead of stacking up.
  const shown = new Notification(note.title, { body: note.body, tag: note.link });
  shown.onclick = () => {
    window.focus();
    window.location.hash = note.link;
    shown.close();
  };
}

/** Listens for alert notifications for as long as the page lives; returns the unsubscribe. */
export function startBrowserNotifications(): () => void {
  if (!browserNotificationsAvailable()) return () => undefined;
  return api.on('watch.notification', showBrowserNotification);
}

/** Asks once, from a click (browsers refuse to ask otherwise); true when notifications may be shown. */
export async function askForBrowserNotifications(): Promise<boolean> {
  if (!browserNotificationsAvailable()) return false;
  if (Notification.permission === 'default') await Notification.requestPermission();
  return Notification.permission === 'granted';
}
