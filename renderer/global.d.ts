import type { Door } from '../preload/contract/bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser, where the web-host transport stands in. */
    watchdesk?: Door;
  }
}
export {};
