import type { Bridge } from '../../preload/contract';
import { createBrowserBridge } from './browser-transport';

/** The one way the renderer reaches main: the preload's bridge in Electron, the web-host transport in a browser. */
export const api: Bridge = window.watchdesk ?? createBrowserBridge();
