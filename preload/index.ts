// The door. Exposes exactly the contract on `window.watchdesk`: one function per channel, each bound to its own
// prefixed IPC channel. No raw ipcRenderer and no generic "invoke any channel" reaches the page.
import { contextBridge, ipcRenderer } from 'electron';
import { buildBridge } from './contract/bridge';
import { ipcPrefix } from './contract';
import type { Result } from './contract/app-error';

const bridge = buildBridge((channel, input) => ipcRenderer.invoke(ipcPrefix + channel, input) as Promise<Result<unknown>>);
contextBridge.exposeInMainWorld('watchdesk', bridge);
