import { event } from './event';

/** Told to a page whose event stream fell behind: it missed `dropped` events and should read its state again. */
export interface ResyncNotice {
  dropped: number;
}

/** Events about the event stream itself (the web host sends them; the desktop window never falls behind this way). */
export const eventStreamEvents = {
  'events.resync': event<ResyncNotice>(),
};
