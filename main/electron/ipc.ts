import { ipcMain, type IpcMainEvent, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { channelNames, ipcCancelChannel, ipcEventPrefix, ipcPrefix } from '../../preload/contract';
import type { Registry, Sender } from '../ipc/registry';
import type { EventHub } from '../app/events';
import { isTrustedElectronSender } from '../ipc/trusted-senders';

export { isTrustedElectronSender } from '../ipc/trusted-senders';

function senderOf(event: IpcMainInvokeEvent | IpcMainEvent): Sender {
  const frame = event.senderFrame;
  return {
    transport: 'electron',
    frameUrl: frame?.url ?? '',
    isTopFrame: frame !== null && frame === event.sender.mainFrame,
  };
}

/** A call id as the page gave it, scoped to its window so one window cannot cancel another's calls. */
function scopedCallId(event: IpcMainInvokeEvent | IpcMainEvent, callId: unknown): string | undefined {
  return typeof callId === 'string' && callId.length > 0 && callId.length <= 64 ? `${event.sender.id}:${callId}` : undefined;
}

/** One ipcMain handler per contract channel, and the cancel message; nothing else is registered. */
export function registerIpc(registry: Registry): void {
  for (const name of channelNames) {
    ipcMain.handle(ipcPrefix + name, (event, input: unknown, callId: unknown) => {
      const id = scopedCallId(event, callId);
      return registry.call(name, input, senderOf(event), id === undefined ? {} : { callId: id });
    });
  }
  ipcMain.on(ipcCancelChannel, (event, callId: unknown) => {
    const id = scopedCallId(event, callId);
    if (id !== undefined && isTrustedElectronSender(senderOf(event))) registry.cancel(id);
  });
}

/**
 * Carries every contract event to the app's own window (its main frame, on `watchdesk-event:<name>`) until the window
 * is gone. The preload passes on only contract event names.
 */
export function pushEvents(events: EventHub, contents: WebContents): () => void {
  const stop = events.listen(({ name, payload }) => {
    if (!contents.isDestroyed()) contents.send(ipcEventPrefix + name, payload);
  });
  contents.once('destroyed', stop);
  return stop;
}
