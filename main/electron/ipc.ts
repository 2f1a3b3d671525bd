import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { channelNames, ipcPrefix } from '../../preload/contract';
import type { Registry, Sender } from '../ipc/registry';
import { isAppUrl } from './app-protocol';

function senderOf(event: IpcMainInvokeEvent): Sender {
  const frame = event.senderFrame;
  return {
    transport: 'electron',
    frameUrl: frame?.url ?? '',
    isTopFrame: frame !== null && frame === event.sender.mainFrame,
  };
}

/** Only the app's own top-level frame may call: not an iframe, not a page we were navigated to. */
export function isTrustedElectronSender(sender: Sender): boolean {
  return sender.transport === 'electron' && sender.isTopFrame && isAppUrl(sender.frameUrl);
}

/** One ipcMain handler per contract channel; nothing else is registered. */
export function registerIpc(registry: Registry): void {
  for (const name of channelNames) {
    ipcMain.handle(ipcPrefix + name, (event, input: unknown) => registry.call(name, input, senderOf(event)));
  }
}
