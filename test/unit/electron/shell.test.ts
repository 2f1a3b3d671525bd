import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';

// Electron cannot run on these machines: it is the one thing mocked. Everything below is our own code.
const electron = vi.hoisted(() => ({
  shell: { openExternal: vi.fn(async () => undefined) },
  ipcMain: { handle: vi.fn(), on: vi.fn() },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  BrowserWindow: vi.fn(),
}));
vi.mock('electron', () => electron);

const { mainWindowOptions, wallFlag } = await import('../../../main/electron/window');
const { hardenSession, hardenWebContents } = await import('../../../main/electron/security');
const { isTrustedElectronSender, pushEvents, registerIpc } = await import('../../../main/electron/ipc');
const { channelNames, ipcCancelChannel, ipcEventPrefix, ipcPrefix } = await import('../../../preload/contract');
const { createEventHub } = await import('../../../main/app/events');
const { sampleProgress } = await import('../../support/batch-progress');

class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler;
  }
}

function navigate(contents: FakeContents, url: string): boolean {
  let prevented = false;
  contents.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
  return prevented;
}

beforeEach(() => vi.clearAllMocks());

describe('Electron shell', () => {
  it('opens the window isolated, sandboxed, without Node and with web security', () => {
    const prefs = mainWindowOptions('/app/preload/index.cjs', false).webPreferences!;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false });
    expect(prefs.preload).toBe('/app/preload/index.cjs');
  });

  it('allows DevTools only in development', () => {
    expect(mainWindowOptions('p', false).webPreferences!.devTools).toBe(false);
    expect(mainWindowOptions('p', true).webPreferences!.devTools).toBe(true);
  });

  it('opens a kiosk wall with --wall on the command line, and only then', () => {
    expect(wallFlag(['/usr/bin/electron', '.', '--wall'])).toBe(true);
    expect(wallFlag(['/usr/bin/electron', '.'])).toBe(false);
  });

  it('blocks navigation away from the app and allows its own pages', () => {
    const contents = new FakeContents();
    hardenWebContents(contents as never);
    expect(navigate(contents, 'https://evil.example/')).toBe(true);
    expect(navigate(contents, 'file:///etc/passwd')).toBe(true);
    expect(navigate(contents, 'app://watchdesk/index.html')).toBe(false);
  });

  it('denies every new window and opens only allowlisted https links externally', () => {
    const contents = new FakeContents();
    hardenWebContents(contents as never);
    expect(contents.openHandler!({ url: 'https://github.com/watchdesk' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'http://github.com/watchdesk' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledTimes(1);
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://github.com/watchdesk');
  });

  it('denies every permission request but clipboard writes from the app page', () => {
    type RequestHandler = (c: unknown, p: string, cb: (granted: boolean) => void, details: { requestingUrl?: string }) => void;
    let requestHandler: RequestHandler | undefined;
    let checkHandler: ((c: unknown, p: string, origin: string) => boolean) | undefined;
    hardenSession({
      setPermissionRequestHandler: (h: RequestHandler) => (requestHandler = h),
      setPermissionCheckHandler: (h: typeof checkHandler) => (checkHandler = h),
    } as never);
    const answers: boolean[] = [];
    const app = { requestingUrl: 'app://watchdesk/index.html' };
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) requestHandler!(null, permission, (granted) => answers.push(granted), app);
    expect(answers).toEqual([false, false, false, false]);
    expect(checkHandler!(null, 'media', 'app://watchdesk')).toBe(false);

    const clipboard: boolean[] = [];
    requestHandler!(null, 'clipboard-sanitized-write', (granted) => clipboard.push(granted), app);
    requestHandler!(null, 'clipboard-sanitized-write', (granted) => clipboard.push(granted), { requestingUrl: 'https://evil.example/' });
    expect(clipboard).toEqual([true, false]);
    expect(checkHandler!(null, 'clipboard-sanitized-write', 'app://watchdesk')).toBe(true);
    expect(checkHandler!(null, 'clipboard-sanitized-write', 'https://evil.example')).toBe(false);
  });

  it('trusts only the app top-level frame', () => {
    expect(isTrustedElectronSender({ transport: 'electron', frameUrl: 'app://watchdesk/index.html', isTopFrame: true })).toBe(true);
    expect(isTrustedElectronSender({ transport: 'electron', frameUrl: 'app://watchdesk/index.html', isTopFrame: false })).toBe(false);
    expect(isTrustedElectronSender({ transport: 'electron', frameUrl: 'https://evil.example/', isTopFrame: true })).toBe(false);
  });

  it('registers exactly the contract channels, each with the watchdesk prefix, and the cancel message', () => {
    registerIpc({ call: vi.fn(), cancel: vi.fn(), inFlight: 0 });
    const registered = electron.ipcMain.handle.mock.calls.map((call) => call[0]);
    expect(registered).toEqual(channelNames.map((name) => ipcPrefix + name));
    expect(electron.ipcMain.on.mock.calls.map((call) => call[0])).toEqual([ipcCancelChannel]);
  });

  it('passes a call id scoped to the window, and cancels only calls of the app frame', () => {
    const registry = { call: vi.fn(), cancel: vi.fn(), inFlight: 0 };
    registerIpc(registry);
    const mainFrame = { url: 'app://watchdesk/index.html' };
    const event = { sender: { id: 7, mainFrame }, senderFrame: mainFrame };
    const handler = electron.ipcMain.handle.mock.calls[0]![1] as (event: unknown, input: unknown, callId: unknown) => unknown;
    handler(event, undefined, 'c1');
    expect(registry.call).toHaveBeenCalledWith(channelNames[0], undefined, expect.objectContaining({ isTopFrame: true }), { callId: '7:c1' });

    const cancel = electron.ipcMain.on.mock.calls[0]![1] as (event: unknown, callId: unknown) => void;
    cancel(event, 'c1');
    expect(registry.cancel).toHaveBeenCalledWith('7:c1');
    const iframe = { url: 'app://watchdesk/index.html' };
    cancel({ sender: { id: 7, mainFrame }, senderFrame: iframe }, 'c2');
    cancel(event, { not: 'an id' });
    expect(registry.cancel).toHaveBeenCalledTimes(1);
  });

  it('pushes contract events to the window on prefixed channels until it is destroyed', () => {
    const hub = createEventHub();
    const contents = Object.assign(new EventEmitter(), { send: vi.fn(), isDestroyed: () => false });
    pushEvents(hub, contents as never);
    const payload = sampleProgress();
    hub.emit('batch.progress', payload);
    expect(contents.send).toHaveBeenCalledWith(ipcEventPrefix + 'batch.progress', payload);
    contents.emit('destroyed');
    expect(hub.listeners).toBe(0);
  });
});
