import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Electron cannot run on these machines: it is the one thing mocked. The entry, createApp and the demo server are real.
const dataDir = mkdtempSync(join(tmpdir(), 'wd-electron-'));
const electron = vi.hoisted(() => {
  // vi.hoisted runs before the file's imports, so only require can reach a module here.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { EventEmitter: Emitter } = require('node:events') as typeof import('node:events');
  class FakeWindow extends Emitter {
    webContents = Object.assign(new Emitter(), { setWindowOpenHandler: () => undefined, send: () => undefined, isDestroyed: () => false });
    loadURL = async () => undefined;
    show = () => undefined;
  }
  const app = Object.assign(new Emitter(), {
    isPackaged: true,
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    getPath: (_name: string): string => '',
    quit: () => undefined,
    exit: () => undefined,
  });
  return {
    app,
    dialog: { showErrorBox: () => undefined },
    session: { defaultSession: { setPermissionRequestHandler: () => undefined, setPermissionCheckHandler: () => undefined } },
    shell: { openExternal: async () => undefined },
    ipcMain: { handle: () => undefined, on: () => undefined },
    protocol: { registerSchemesAsPrivileged: () => undefined, handle: () => undefined },
    BrowserWindow: FakeWindow,
  };
});
vi.mock('electron', () => electron);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('Electron entry', () => {
  it('starts the app, then holds the quit until the app is disposed, and quits once', async () => {
    vi.spyOn(electron.app, 'getPath').mockReturnValue(dataDir);
    const quit = vi.spyOn(electron.app, 'quit');
    const registered = vi.spyOn(electron.ipcMain, 'handle');
    await import('../../../main/electron/main');
    await vi.waitFor(() => expect(registered).toHaveBeenCalled(), { timeout: 10_000 });

    const event = { preventDefault: vi.fn() };
    electron.app.emit('will-quit', event);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
    expect(quit).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1), { timeout: 10_000 });

    // The second will-quit (from that quit) goes through.
    const second = { preventDefault: vi.fn() };
    electron.app.emit('will-quit', second);
    expect(second.preventDefault).not.toHaveBeenCalled();
  });
});
