import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Electron cannot run on these machines: it is the one thing mocked (and electron-updater's autoUpdater, which needs it).
const electron = vi.hoisted(() => ({
  dialog: { showSaveDialog: vi.fn(), showMessageBox: vi.fn(), showOpenDialog: vi.fn(), showErrorBox: () => undefined },
}));
vi.mock('electron', () => electron);
const updater = vi.hoisted(() => ({
  autoUpdater: {
    logger: null as unknown,
    autoDownload: true,
    autoInstallOnAppQuit: true,
    allowDowngrade: true,
    setFeedURL: vi.fn(),
  },
}));
vi.mock('electron-updater', () => ({ default: updater }));

const { recoverWindow } = await import('../../../main/electron/window-recovery');
const { createElectronFileDialogs } = await import('../../../main/electron/file-dialogs');
const { createElectronUpdater } = await import('../../../main/electron/updater');
const { readCrashRecords } = await import('../../../main/support/crash-records');
const { createRecordingNotifier } = await import('../../../main/shared/notifier');
const { log } = await import('../../../main/shared/log');

const dir = mkdtempSync(join(tmpdir(), 'wd-field-electron-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => {
  electron.dialog.showSaveDialog.mockReset();
  electron.dialog.showMessageBox.mockReset();
  log.setQuiet(true);
});

class FakeContents extends EventEmitter {
  reload = vi.fn();
  forcefullyCrashRenderer = vi.fn();
}
class FakeWindow {
  webContents = new FakeContents();
  isDestroyed = () => false;
}

describe("the desktop app's window recovery", () => {
  it('reloads a page that is gone, says so, and records it for support', () => {
    const window = new FakeWindow();
    const notifier = createRecordingNotifier();
    const dataDir = join(dir, 'gone');
    recoverWindow(window as never, { dataDir, notifier });
    window.webContents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 9 });
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
    expect(notifier.sent.map((note) => note.body)).toEqual([expect.stringContaining("Watchdesk's window stopped (oom) and was reloaded")]);
    expect(readCrashRecords(dataDir)).toEqual([expect.objectContaining({ kind: 'renderer-gone', host: 'electron', details: { reason: 'oom', exitCode: '9' } })]);
    // A page closed on purpose is not a crash.
    window.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(window.webContents.reload).toHaveBeenCalledTimes(1);
  });

  it('asks before reloading a page that stopped responding, and reloads only when the operator says so', async () => {
    const window = new FakeWindow();
    const dataDir = join(dir, 'unresponsive');
    recoverWindow(window as never, { dataDir, notifier: createRecordingNotifier() });

    electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 1 });
    window.webContents.emit('unresponsive');
    await vi.waitFor(() => expect(electron.dialog.showMessageBox).toHaveBeenCalledTimes(1));
    const [, options] = electron.dialog.showMessageBox.mock.calls[0]! as [unknown, { buttons: string[] }];
    expect(options.buttons).toEqual(['Reload', 'Wait']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(window.webContents.reload).not.toHaveBeenCalled();

    electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 0 });
    window.webContents.emit('unresponsive');
    await vi.waitFor(() => expect(window.webContents.reload).toHaveBeenCalledTimes(1));
    expect(readCrashRecords(dataDir)[0]?.kind).toBe('renderer-unresponsive');
  });

  it('takes the question back when the page responds again', async () => {
    const window = new FakeWindow();
    recoverWindow(window as never, { dataDir: join(dir, 'back'), notifier: createRecordingNotifier() });
    let signal: AbortSignal | undefined;
    electron.dialog.showMessageBox.mockImplementationOnce((_window: unknown, options: { signal: AbortSignal }) => {
      signal = options.signal;
      return new Promise((resolve) => options.signal.addEventListener('abort', () => resolve({ response: 1 })));
    });
    window.webContents.emit('unresponsive');
    window.webContents.emit('responsive');
    expect(signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(window.webContents.reload).not.toHaveBeenCalled();
  });
});

describe("the desktop app's save dialog for the diagnostics file", () => {
  it('writes the file where the operator chose; the path stays in main', async () => {
    const path = join(dir, 'chosen.json');
    electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: path });
    expect(await createElectronFileDialogs(() => null).saveTextFile('watchdesk-diagnostics.json', '{"a":1}')).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}');
    expect(electron.dialog.showSaveDialog.mock.calls[0]![0]).toMatchObject({ defaultPath: 'watchdesk-diagnostics.json', title: 'Save diagnostics' });

    electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' });
    expect(await createElectronFileDialogs(() => null).saveTextFile('x.json', 'y')).toBe(false);
  });
});

describe("the desktop app's updater", () => {
  it('is electron-updater on a generic feed, never downloading, installing on quit or going back by itself', async () => {
    const built = await createElectronUpdater('https://updates.example.org/watchdesk/');
    expect(built).toBe(updater.autoUpdater);
    expect(updater.autoUpdater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'https://updates.example.org/watchdesk/' });
    expect(updater.autoUpdater).toMatchObject({ autoDownload: false, autoInstallOnAppQuit: false, allowDowngrade: false });
  });
});
