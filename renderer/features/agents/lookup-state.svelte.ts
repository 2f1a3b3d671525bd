import type { AgentSnapshot, LookupShortcuts } from '../../../preload/contract/agents';
import type { AppError, Result } from '../../../preload/contract/app-error';
import { lookupOrSearch, type DeviceSearchResult } from '../../../preload/contract/agents-search';
import type { Bridge } from '../../../preload/contract';
import { fieldSpoken, splitFailure } from '../../lib/result';
import { t } from '../../lib/i18n.svelte';
import { UndoOffer } from '../../lib/undo-offer.svelte';

/** Auto-refresh choices for the device view, in seconds (0 = off). */
export const refreshChoices = [0, 10, 30, 60, 300] as const;

/**
 * The look-up and the device on screen. One look-up at a time: a new one cancels the one in flight, so a slow answer
 * for an old id never replaces the device the operator asked for last; a search answered after a later look-up or
 * search is not shown either.
 */
export class LookupState {
  id = $state('');
  snapshot = $state<AgentSnapshot | null>(null);
  /** The failure that belongs to no field (banner). */
  failure = $state<AppError | null>(null);
  /** The failure shown next to the id field (422, 404, not a number). */
  #fieldError = $state<string | undefined>(undefined);
  /** The failed look-up the field's sentence comes from: it is said again in the language shown now. */
  #fieldFailed = $state.raw<AppError | null>(null);

  /** The sentence under the number field, in the language shown now. */
  get fieldError(): string | undefined {
    return this.#fieldError === undefined ? undefined : fieldSpoken(this.#fieldError, this.#fieldFailed, 'id');
  }

  set fieldError(message: string | undefined) {
    this.#fieldError = message;
    if (message === undefined) this.#fieldFailed = null;
  }
  busy = $state(false);
  /** The devices seen before that match the text typed (a name, MAC or serial), with the text. */
  found = $state<(DeviceSearchResult & { query: string }) | null>(null);
  shortcuts = $state<LookupShortcuts>({ recent: [], pinned: [] });
  refreshSec = $state<number>(0);
  /** When the last look-up answered (this computer's clock), for "last updated". */
  answeredAt = $state<Date | null>(null);
  #controller: AbortController | null = null;
  /** Numbers what the operator asked for (a look-up or a search): only the answer to the latest one is shown. */
  #asked = 0;
  /**
   * Numbers the reads and changes of the recent and pinned look-ups: a read answered after a later pin or clear (the
   * answers may reach the page in another order than the calls left) is older than what the screen holds.
   */
  #shortcutsTurn = 0;

  /** The last "Clear recent", while it can be undone. */
  readonly undo: UndoOffer;

  constructor(private readonly api: Bridge) {
    this.undo = new UndoOffer(() => this.#restoreRecent());
  }

  async loadShortcuts(): Promise<void> {
    const turn = ++this.#shortcutsTurn;
    const result = await this.api.agents.shortcuts();
    if (result.ok && turn === this.#shortcutsTurn) this.shortcuts = result.value;
  }

  /**
   * Opens a device (the field's id by default). A refresh keeps the device on screen while it runs, and leaves the
   * field alone: the operator may be typing the next id.
   */
  async open(id: string = this.id, { refresh = false } = {}): Promise<void> {
    const wanted = id.trim();
    if (!refresh && lookupOrSearch(wanted) === 'search') return this.search(wanted);
    if (!refresh) {
      this.id = wanted;
      this.#asked += 1;
    }
    this.found = null;
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    this.busy = true;
    if (!refresh) this.fieldError = undefined;
    const result = await this.api.agents.lookup({ id: wanted }, { signal: controller.signal });
    if (controller.signal.aborted) return;
    this.#controller = null;
    this.busy = false;
    if (result.ok) {
      this.snapshot = result.value;
      this.failure = null;
      this.fieldError = undefined;
      this.answeredAt = new Date();
      void this.loadShortcuts();
      return;
    }
    if (result.error.kind === 'Cancelled') return;
    const { errors, failure } = splitFailure(result.error, ['id'] as const);
    this.fieldError = errors.id;
    this.#fieldFailed = result.error;
    this.failure = failure;
    // A refused or unknown id is not the device on screen any more; a refresh that failed keeps the last one.
    if (!refresh) this.snapshot = null;
  }

  /** A name, MAC or serial: the devices seen before that match (the server looks devices up by number only). */
  async search(query: string): Promise<void> {
    const asked = ++this.#asked;
    this.#controller?.abort();
    this.#controller = null;
    this.busy = true;
    this.fieldError = undefined;
    const result = await this.api.agents.search({ query });
    // The operator asked for something else meanwhile: that answer (or its own busy state) is what the screen shows.
    if (asked !== this.#asked) return;
    this.busy = false;
    if (!result.ok) {
      const { errors, failure } = splitFailure(result.error, ['id'] as const);
      this.fieldError = errors.id;
      this.#fieldFailed = result.error;
      this.failure = failure;
      return;
    }
    this.failure = null;
    this.found = { query, ...result.value };
    // One device only, found by an exact name, MAC or serial: it is the one asked for.
    const only = result.value.matches.length === 1 ? result.value.matches[0] : undefined;
    if (only && only.rank === 0) await this.open(only.id);
  }

  /**
   * Reads the device on screen again. Skipped while a look-up is still out: on a hung server each tick would
   * otherwise cancel the one before it, and the look-up would never get as far as the saved copy.
   */
  refresh(): Promise<void> {
    if (!this.snapshot || this.busy) return Promise.resolve();
    return this.open(this.snapshot.id, { refresh: true });
  }

  cancel(): void {
    this.#controller?.abort();
    this.#controller = null;
    this.busy = false;
  }

  async togglePin(): Promise<void> {
    const current = this.snapshot;
    if (!current) return;
    this.#shortcutsTurn += 1;
    const result = await this.api.agents.pin({ id: current.id, pinned: !current.pinned });
    if (!result.ok) {
      this.failure = result.error;
      return;
    }
    this.shortcuts = result.value;
    this.snapshot = { ...current, pinned: result.value.pinned.some((p) => p.id === current.id) };
  }

  async clearRecent(): Promise<void> {
    this.#shortcutsTurn += 1;
    const result = await this.api.agents.clearRecent();
    if (!result.ok) {
      this.failure = result.error;
      return;
    }
    this.shortcuts = result.value;
    this.undo.offer(() => t('agents.lookup.recentCleared'), 'recent');
  }

  async #restoreRecent(): Promise<Result<LookupShortcuts>> {
    this.#shortcutsTurn += 1;
    const result = await this.api.agents.restoreRecent();
    if (result.ok) this.shortcuts = result.value;
    return result;
  }
}
