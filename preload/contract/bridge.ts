import type { Result } from './app-error';
import { channelNames, type Bridge } from './index';

export type Invoke = (channel: string, input: unknown) => Promise<Result<unknown>>;

/**
 * Builds the nested `window.watchdesk` object from the contract's channel names. Used by the Electron preload
 * (invoke = ipcRenderer.invoke) and by the browser transport (invoke = fetch to the web host), so both expose
 * exactly the contract and nothing else.
 */
export function buildBridge(invoke: Invoke): Bridge {
  const bridge: Record<string, Record<string, (input?: unknown) => Promise<Result<unknown>>>> = {};
  for (const name of channelNames) {
    const [namespace, method] = name.split('.') as [string, string];
    bridge[namespace] ??= {};
    bridge[namespace][method] = (input?: unknown) => invoke(name, input);
  }
  return bridge as unknown as Bridge;
}
