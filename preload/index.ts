// The door. Exposes on `window.watchdesk` three functions over prefixed IPC channels: call a contract channel (under
// a call id), cancel a call by its id, listen to a contract event. Names outside the contract are refused here and
// were never registered in main. No raw ipcRenderer, no IPC event object and no zod reach the page: the channel and
// event names are injected at build time (vite.preload.config.ts), so this bundle carries names only.
import { contextBridge, ipcRenderer } from 'electron';
import { ipcCancelChannel, ipcEventPrefix, ipcPrefix } from './contract/names';
import type { Door } from './contract/bridge';
import type { Result } from './contract/app-error';

declare const __WATCHDESK_CHANNELS__: readonly string[];
declare const __WATCHDESK_EVENTS__: readonly string[];

const channels = new Set(__WATCHDESK_CHANNELS__);
const events = new Set(__WATCHDESK_EVENTS__);

const door: Door = {
  invoke(channel, input, callId) {
    if (!channels.has(channel)) return Promise.reject(new Error(`"${channel}" is not a Watchdesk channel`));
    return ipcRenderer.invoke(ipcPrefix + channel, input, String(callId)) as Promise<Result<unknown>>;
  },
  cancel(callId) {
    ipcRenderer.send(ipcCancelChannel, String(callId));
  },
  subscribe(name, handler) {
    if (!events.has(name)) throw new Error(`"${name}" is not a Watchdesk event`);
    const listener = (_event: unknown, payload: unknown): void => handler(payload);
    ipcRenderer.on(ipcEventPrefix + name, listener);
    return () => {
      ipcRenderer.removeListener(ipcEventPrefix + name, listener);
    };
  },
};

contextBridge.exposeInMainWorld('watchdesk', door);
