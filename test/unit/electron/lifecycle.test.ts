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
    static last: FakeWindow | null = null;
    webContents = Object.assign(new Emitter(), {
      setWindowOpenHandler: () => undefined,
      send: () => undefined,
      isDestroyed: () => false,
      executeJavaScript: async (_code: string) => undefined,
      reload: () => undefined,
    });
    constructor() {
      super();
      FakeWindow.last = this;
    }
    loadURL = async () => undefined;
    show = () => undefined;
    focus = () => undefined;
    restore = () => undefined;
    isMinimized = () => true;
    isDestroyed = () => false;
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
    crashReporter: { start: (_options: { uploadToServer: boolean }) => undefined },
    Notification: Object.assign(class {}, { isSupported: () => false }),
  };
});
vi.mock('electron', () => electron);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('Electron entry', () => {
  it('starts the app, then holds the quit until the app is disposed, and quits once', async () => {
    vi.spyOn(electron.app, 'getPath').mockReturnValue(dataDir);
    const quit = vi.spyOn(electron.app, 'quit');
    const registered = vi.spyOn(electron.ipcMain, 'handle');
    const crashReporter = vi.spyOn(electron.crashReporter, 'start');
    await import('../../../main/electron/main');
    await vi.waitFor(() => expect(registered).toHaveBeenCalled(), { timeout: 10_000 });
    // Native crashes leave local dumps only: nothing is ever uploaded.
    expect(crashReporter).toHaveBeenCalledWith(expect.objectContaining({ uploadToServer: false }));
    expect(crashReporter.mock.calls[0]![0]).not.toHaveProperty('submitURL');

    // A second launch brings the window forward (restored from the taskbar) and opens the screen it asked for.
    await vi.waitFor(() => expect(electron.BrowserWindow.last).not.toBeNull());
    const window = electron.BrowserWindow.last!;
    const restore = vi.spyOn(window, 'restore');
    const focus = vi.spyOn(window, 'focus');
    const script = vi.spyOn(window.webContents, 'executeJavaScript');
    electron.app.emit('second-instance', {}, ['/opt/Watchdesk/watchdesk', 'watchdesk://tokens'], '/home/op');
    expect(restore).toHaveBeenCalled();
    expect(focus).toHaveBeenCalled();
    expect(script).toHaveBeenCalledWith('location.hash = "#/tokens"');
    // Anything else on its command line goes no further than main.
    script.mockClear();
    electron.app.emit('second-instance', {}, ['/opt/Watchdesk/watchdesk', 'javascript:alert(1)', '--screen=../x'], '/home/op');
    expect(script).not.toHaveBeenCalled();
    // The window's page dying is looked after from the moment the window exists.
    const reload = vi.spyOn(window.webContents, 'reload');
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 11 });
    expect(reload).toHaveBeenCalledTimes(1);

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
