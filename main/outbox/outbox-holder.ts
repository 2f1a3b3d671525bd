import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxSummary } from '../../preload/contract/onboarding';
import type { Vault } from '../secrets/vault';
import { isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { log } from '../shared/log';
import { Outbox, type OutboxOptions, type SendCamera } from './outbox';
import { createSavedOutboxStore, createSessionOutboxStore } from './outbox-store';

export interface OutboxHolderOptions {
  dataDir: string;
  vault: Vault;
  send: SendCamera;
  onChange: (summary: OutboxSummary) => void;
  /** Runner knobs (tests make backoff short). */
  tuning?: Pick<OutboxOptions, 'concurrency' | 'baseDelayMs' | 'maxDelayMs' | 'changeThrottleMs' | 'compactAfterRecords'>;
}

export interface OutboxHolder {
  /** The outbox for the vault's current mode, loaded. */
  get(): Promise<Outbox>;
  /** The outbox if one is loaded already (for shutdown). */
  dispose(): Promise<void>;
}

export const OUTBOX_FILE = 'outbox.enc';

/**
 * Builds the outbox for the vault's mode: saved and encrypted with the data key, or in memory in session-only mode
 * (entries already in memory move over when the operator switches). A saved outbox that cannot be decrypted or read
 * is renamed aside (never read as empty, never overwritten) and a new one starts, with a sentence for the screen.
 * A keychain that is not available yet is reported to the caller and tried again on the next call.
 */
export function createOutboxHolder(options: OutboxHolderOptions): OutboxHolder {
  const path = join(options.dataDir, OUTBOX_FILE);
  let current: { mode: Vault['mode']; outbox: Outbox; ready: Promise<void> } | null = null;

  const build = (mode: Vault['mode'], unreadable: string | null) =>
    new Outbox({
      ...options.tuning,
      store: mode === 'session' ? createSessionOutboxStore() : createSavedOutboxStore(path, () => options.vault.getDataKey()),
      send: options.send,
      onChange: options.onChange,
      sessionOnly: mode === 'session',
      unreadable,
    });

  async function open(mode: Vault['mode'], previous: Outbox | null): Promise<Outbox> {
    let outbox = build(mode, null);
    if (previous) {
      await previous.dispose();
      await outbox.adopt(previous.entries());
    }
    try {
      await outbox.load();
      return outbox;
    } catch (error) {
      if (isAppFailure(error) && error.kind === 'KeychainUnavailable') throw error;
      const aside = `${path}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      log.warn('outbox', `saved outbox unreadable (${isAppFailure(error) ? (error.appError.details ?? error.message) : String(error)}); moved to ${aside}`);
      await rename(path, aside);
      outbox = build(mode, t('onboarding.errors.unreadable'));
      await outbox.load();
      return outbox;
    }
  }

  return {
    async get() {
      const mode = options.vault.mode;
      if (!current || current.mode !== mode) {
        const previous = current;
        const opening = (async () => open(mode, previous ? await previous.ready.then(() => previous.outbox, () => null) : null))();
        const slot = { mode, outbox: null as unknown as Outbox, ready: opening.then((outbox) => void (slot.outbox = outbox)) };
        current = slot;
        slot.ready.catch(() => {
          if (current === slot) current = null;
        });
      }
      const slot = current;
      await slot.ready;
      return slot.outbox;
    },
    async dispose() {
      const slot = current;
      current = null;
      if (slot) await slot.ready.then(() => slot.outbox.dispose(), () => undefined);
    },
  };
}
