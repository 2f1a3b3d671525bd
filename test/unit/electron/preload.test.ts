import { beforeAll, describe, expect, it, vi } from 'vitest';
import { channelNames, eventNames, ipcCancelChannel, ipcEventPrefix, ipcPrefix } from '../../../preload/contract';
import type { Door } from '../../../preload/contract/bridge';

// Electron cannot run here: the one thing mocked. The preload's own code runs as it would in the window.
const electron = vi.hoisted(() => ({
  exposed: {} as Record<string, unknown>,
  contextBridge: { exposeInMainWorld: vi.fn((key: string, value: unknown) => void (electron.exposed[key] = value)) },
  ipcRenderer: { invoke: vi.fn(async () => ({ ok: true, value: null })), send: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
}));
vi.mock('electron', () => electron);

let door: Door;
beforeAll(async () => {
  // What vite.preload.config.ts injects at build time.
  vi.stubGlobal('__WATCHDESK_CHANNELS__', channelNames);
  vi.stubGlobal('__WATCHDESK_EVENTS__', eventNames);
  await import('../../../preload/index');
  door = electron.exposed.watchdesk as Door;
});

describe('preload door', () => {
  it('exposes only call, cancel and listen on window.watchdesk', () => {
    expect(Object.keys(electron.exposed)).toEqual(['watchdesk']);
    expect(Object.keys(door).sort()).toEqual(['cancel', 'invoke', 'subscribe']);
  });

  it('calls a contract channel on its prefixed IPC channel with the call id', async () => {
    await door.invoke('app.info', undefined, 'c7');
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith(ipcPrefix + 'app.info', undefined, 'c7');
  });

  it('refuses a name outside the contract without touching IPC', async () => {
    electron.ipcRenderer.invoke.mockClear();
    await expect(door.invoke('vault.dump', {}, 'c8')).rejects.toThrow(/not a Watchdesk channel/);
    expect(() => door.subscribe('vault.changed', () => undefined)).toThrow(/not a Watchdesk event/);
    expect(electron.ipcRenderer.invoke).not.toHaveBeenCalled();
  });

  it('cancels by call id on the cancel channel', () => {
    door.cancel('c7');
    expect(electron.ipcRenderer.send).toHaveBeenCalledWith(ipcCancelChannel, 'c7');
  });

  it('hands the page the payload only (never the IPC event), and unsubscribes', () => {
    const seen: unknown[] = [];
    const off = door.subscribe('batch.progress', (payload) => seen.push(payload));
    const [channel, listener] = electron.ipcRenderer.on.mock.calls[0] as unknown as [string, (event: unknown, payload: unknown) => void];
    expect(channel).toBe(ipcEventPrefix + 'batch.progress');
    listener({ sender: 'ipc internals' }, { rev: 1 });
    expect(seen).toEqual([{ rev: 1 }]);
    off();
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith(channel, listener);
  });
});
