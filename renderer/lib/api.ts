import { buildBridge } from '../../preload/contract/bridge';
import { channelNames, type Bridge } from '../../preload/contract';
import { createBrowserDoor } from './browser-transport';
import { t } from './i18n.svelte';

/**
 * The one way the renderer reaches main, over the preload's door in Electron or the web-host transport in a browser:
 * `api.<ns>.<method>(input, { signal })` and `api.on(event, handler) => unsubscribe`.
 */
export const api: Bridge = buildBridge(
  { channels: channelNames, cancelledMessage: () => t('bridge.cancelled') },
  window.watchdesk ?? createBrowserDoor(),
);
