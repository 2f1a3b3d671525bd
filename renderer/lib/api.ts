import { buildBridge } from '../../preload/contract/bridge';
import type { Bridge, ChannelName } from '../../preload/contract';
import { createBrowserDoor } from './browser-transport';
import { t } from './i18n.svelte';

/** The contract's channel names, injected at build time (vite.renderer.config.ts): the page carries no channel schemas. */
declare const __WATCHDESK_CHANNELS__: readonly ChannelName[];

/**
 * The one way the renderer reaches main, over the preload's door in Electron or the web-host transport in a browser:
 * `api.<ns>.<method>(input, { signal })` and `api.on(event, handler) => unsubscribe`.
 */
export const api: Bridge = buildBridge(
  { channels: __WATCHDESK_CHANNELS__, cancelledMessage: () => t('bridge.cancelled') },
  window.watchdesk ?? createBrowserDoor(),
);
