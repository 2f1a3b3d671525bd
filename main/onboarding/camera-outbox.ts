import type { OutboxSummary } from '../../preload/contract/onboarding';
import type { AppServices } from '../app/services';
import { createOutboxHolder, type OutboxHolderOptions } from '../outbox/outbox-holder';
import type { Outbox } from '../outbox/outbox';

/** The outbox every camera submission goes through, as the onboarding services share it. */
export interface CameraOutbox {
  /** The outbox for the vault's current mode, loaded (a keychain not ready yet is reported, and tried again next time). */
  get(): Promise<Outbox>;
  /** Called with the summary after every change (throttled by the outbox); returns the unsubscribe function. */
  onChange(listener: (summary: OutboxSummary) => void): () => void;
  dispose(): Promise<void>;
}

/**
 * Opens the outbox over the console's database, sending through the connection of each entry's profile. Every change
 * is pushed to the page as `outbox.changed` (the header's indicator and the outbox list follow it) and told to the
 * listeners here (an import's progress). Entries saved last time start sending at once, and a connection check that
 * reaches the server ends the outbox's wait for its own next probe.
 */
export function createCameraOutbox(services: AppServices, tuning?: OutboxHolderOptions['tuning']): CameraOutbox {
  const listeners = new Set<(summary: OutboxSummary) => void>();
  const holder = createOutboxHolder({
    storage: services.storage,
    sealer: services.sealer,
    vault: services.vault,
    ...(tuning ? { tuning } : {}),
    send: async (entry, signal) => {
      const { client } = await services.connections.forProfile(entry.profileId);
      return client.createCamera(entry.request, { signal });
    },
    onChange: (summary) => {
      services.events.emit('outbox.changed', summary);
      for (const listener of [...listeners]) listener(summary);
    },
  });
  void holder.get().catch(() => undefined);
  const stopListening = services.events.listen((event) => {
    if (event.name !== 'connection.changed' || !(event.payload as { ok?: boolean }).ok) return;
    void holder.get().then((outbox) => outbox.wake(), () => undefined);
  });
  // A server brought back by an undo: its cameras held for want of it are tried again.
  const stopRestoring = services.profiles.onRestored((profileId) => void holder.get().then((outbox) => outbox.retryServer(profileId), () => undefined));
  return {
    get: () => holder.get(),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      stopListening();
      stopRestoring();
      listeners.clear();
      await holder.dispose();
    },
  };
}
