import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DATA_FOLDER_LOCK_FILE } from '../../../main/storage/data-folder-lock';

// Electron cannot run on these machines: it is the one thing mocked. The entry and the lock are real.
const dataDir = mkdtempSync(join(tmpdir(), 'wd-electron-lock-'));
const electron = vi.hoisted(() => ({
  app: {
    isPackaged: true,
    requestSingleInstanceLock: () => true,
    getPath: (_name: string): string => '',
    whenReady: () => new Promise<void>(() => undefined),
    on: () => undefined,
    quit: () => undefined,
    exit: (_code: number) => undefined,
  },
  dialog: { showErrorBox: (_title: string, _body: string) => undefined },
  crashReporter: { start: () => undefined },
  protocol: { registerSchemesAsPrivileged: () => undefined },
}));
vi.mock('electron', () => electron);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the desktop app on a data folder a web host is using', () => {
  it('says which host holds it and where, exits 1, and opens nothing in the folder', async () => {
    vi.spyOn(electron.app, 'getPath').mockReturnValue(dataDir);
    const exit = vi.spyOn(electron.app, 'exit');
    const ready = vi.spyOn(electron.app, 'whenReady');
    const errorBox = vi.spyOn(electron.dialog, 'showErrorBox');
    // This test's own process stands in for the running web host: alive, and (seen from the lock) not this app.
    const hostLock = JSON.stringify({ host: 'web', pid: process.ppid, address: 'http://127.0.0.1:41234', startedAt: '2026-11-26T09:00:00.000Z' });
    writeFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), hostLock);

    await import('../../../main/electron/main');

    expect(errorBox).toHaveBeenCalledWith(
      'Watchdesk is already open',
      `A Watchdesk web host (process ${process.ppid}, http://127.0.0.1:41234) is already using this data folder (${dataDir}). Use the console at that address, or stop the host (Ctrl+C in its terminal) and start Watchdesk again.`,
    );
    expect(exit).toHaveBeenCalledWith(1);
    expect(ready).not.toHaveBeenCalled();
    expect(existsSync(join(dataDir, 'watchdesk.db'))).toBe(false);
    expect(readFileSync(join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')).toBe(hostLock);
  });
});
