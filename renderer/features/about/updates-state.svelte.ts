import type { Bridge } from '../../../preload/contract';
import type { AppError } from '../../../preload/contract/app-error';
import type { UpdateStatus } from '../../../preload/contract/support';

/** Where an update stands, as main reports it (asked once, then followed through `support.update` events). */
export class UpdatesState {
  status = $state<UpdateStatus | null>(null);
  error = $state<AppError | null>(null);
  busy = $state(false);

  /**
   * Statuses pushed so far. Main pushes every change, so one pushed while a read or a check was out is at least as new
   * as its answer, which comes by another channel and may have left main before that change.
   */
  #pushes = 0;

  constructor(private readonly api: Bridge) {}

  /**
   * Reads the status and follows it; returns the unsubscribe (an `$effect`'s cleanup). A page whose events fell behind
   * (`events.resync`: pushes were dropped) reads it again: the push it missed may have been the last one ("ready").
   */
  connect(): () => void {
    void this.#read();
    const offs = [
      this.api.on('support.update', (next) => {
        this.#pushes += 1;
        this.status = next;
      }),
      this.api.on('events.resync', () => void this.#read()),
    ];
    return () => {
      for (const off of offs) off();
    };
  }

  async #read(): Promise<void> {
    const pushes = this.#pushes;
    const result = await this.api.support.updateStatus();
    if (result.ok && pushes === this.#pushes) this.status = result.value;
  }

  /** Asks the feed now; the answer is the new status, a failure stays on screen. */
  async check(): Promise<void> {
    this.busy = true;
    this.error = null;
    const pushes = this.#pushes;
    const result = await this.api.support.checkForUpdate();
    this.busy = false;
    if (!result.ok) this.error = result.error;
    else if (pushes === this.#pushes) this.status = result.value;
  }

  /** Restarts into the downloaded version; only a refusal comes back. */
  async install(): Promise<void> {
    this.error = null;
    const result = await this.api.support.installUpdate();
    if (!result.ok) this.error = result.error;
  }
}
