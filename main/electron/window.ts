import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { appOrigin } from './app-protocol';
import { hardenWebContents } from './security';

/** The one window's options: isolated, sandboxed, no Node; DevTools only in development. */
export function mainWindowOptions(preloadPath: string, isDevelopment: boolean): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 520,
    show: false,
    title: 'Watchdesk',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      devTools: isDevelopment,
    },
  };
}

/** `--wall` on the command line: a kiosk window opened straight into the dashboard's wall mode. */
export function wallFlag(argv: readonly string[]): boolean {
  return argv.includes('--wall');
}

/** `prepare` runs before the page loads (so a page that dies while loading is already looked after). */
export async function openMainWindow(preloadPath: string, isDevelopment: boolean, prepare?: (window: BrowserWindow) => void, wall = wallFlag(process.argv)): Promise<BrowserWindow> {
  const window = new BrowserWindow({ ...mainWindowOptions(preloadPath, isDevelopment), ...(wall ? { kiosk: true } : {}) });
  hardenWebContents(window.webContents);
  prepare?.(window);
  window.once('ready-to-show', () => window.show());
  await window.loadURL(`${appOrigin}/index.html${wall ? '#/dashboard/wall' : ''}`);
  return window;
}
