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

/** `prepare` runs before the page loads (so a page that dies while loading is already looked after). */
export async function openMainWindow(preloadPath: string, isDevelopment: boolean, prepare?: (window: BrowserWindow) => void): Promise<BrowserWindow> {
  const window = new BrowserWindow(mainWindowOptions(preloadPath, isDevelopment));
  hardenWebContents(window.webContents);
  prepare?.(window);
  window.once('ready-to-show', () => window.show());
  await window.loadURL(`${appOrigin}/index.html`);
  return window;
}
