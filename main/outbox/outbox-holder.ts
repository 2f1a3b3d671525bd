import type { OutboxSummary } from '../../preload/contract/onboarding';
import type { Vault } from '../secrets/vault';
import { migrations, openStorage, type Sealer, type Storage } from '../storage';
import { OutboxRepository } from '../storage/repositories/outbox-repository';
import { createSealer } from '../storage/sealer';
import { log } from '../shared/log';
import { Outbox, type OutboxOptions, type SendCamera } from './outbox';
import { SessionOutboxRepository } from './session-repository';

export interface OutboxHolderOptions {
  storage: Storage;
  sealer: () => Promise<Sealer>;
  vault: Vault;
  send: SendCamera;
  onChange: (summary: OutboxSummary) => void;
  /** Runner knobs (tests make backoff short). */
  tuning?: Pick<OutboxOptions, 'concurrency' | 'baseDelayMs' | 'maxDelayMs' | 'maxProbeDelayMs' | 'changeThrottleMs' | 'chunkRows' | 'dispatchAhead'>;
}

/**
 * The entries on disk that the session's outbox took over may be created by it, which the disk never hears of: the
 * next start retries them as perhaps created, so the server's "external id taken" is recognised as the same camera
 * (told as "needs fixing", a fix with a new external id made it twice). A disk that cannot be written leaves them as
 * they are: the session goes on.
 */
function handedOver(disk: OutboxRepository): void {
  try {
    disk.handedOver();
  } catch (error) {
    log.warn('outbox', `could not mark the entries moved to the session-only outbox as perhaps created: ${String(error)}`);
  }
}

export interface OutboxHolder {
  /** The outbox for the vault's current mode, loaded. */
  get(): Promise<Outbox>;
  dispose(): Promise<void>;
}

/**
 * Builds the outbox for the vault's mode: in the data folder's database, sealed with the data key, or in a database in
 * memory in session-only mode (entries already queued move over when the operator switches). A keychain that is not
 * available yet is reported to the caller and tried again on the next call.
 */
export function createOutboxHolder(options: OutboxHolderOptions): OutboxHolder {
  let current: { mode: Vault['mode']; ready: Promise<Outbox> } | null = null;

  async function open(mode: Vault['mode'], previous: Outbox | null): Promise<Outbox> {
    const inMemory = () => openStorage({ folder: options.storage.folder, migrations, inMemory: true });
    const sessionRepository = async () => {
      const sealer = createSealer(await options.vault.getDataKey());
      // Removes of entries taken over from the data folder are written there too (see SessionOutboxRepository).
      return previous ? new SessionOutboxRepository(inMemory(), sealer, previous.repository) : new OutboxRepository(inMemory(), sealer);
    };
    const repository = mode === 'session' ? await sessionRepository() : new OutboxRepository(options.storage, await options.sealer());
    if (previous) {
      await previous.dispose();
      repository.insert(previous.repository.all());
      if (mode === 'session') handedOver(previous.repository);
    }
    const outbox = new Outbox({ ...options.tuning, repository, send: options.send, onChange: options.onChange, sessionOnly: mode === 'session' });
    await outbox.load();
    return outbox;
  }

  // Once the app winds down no outbox opens again: a late caller (a connection check's wake-up) would otherwise open
  // one on a database being closed, whose timers then fail on the closed connection.
  let disposed = false;
  return {
    async get() {
      if (disposed) throw new Error('the outbox was closed with the app');
      const mode = options.vault.mode;
      if (!current || current.mode !== mode) {
        const before = current ? await current.ready.then((outbox) => outbox, () => null) : null;
        const slot = { mode, ready: open(mode, before) };
        current = slot;
        slot.ready.catch(() => {
          if (current === slot) current = null;
        });
      }
      return current.ready;
    },
    async dispose() {
      disposed = true;
      const slot = current;
      current = null;
      if (slot) await slot.ready.then((outbox) => outbox.dispose(), () => undefined);
    },
  };
}
