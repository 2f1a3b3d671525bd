import type { AppError, Result } from '../../preload/contract/app-error';

/**
 * What was just removed, cleared or cancelled, while it can be brought back: the sentence, the undo token its answer
 * gave, and the button's busy flag and failure. `undo` runs the feature's own undo call with that token (main keeps
 * one such undo per feature until the next change of that kind).
 */
export class UndoOffer {
  /** The sentence, said again in the language on screen when it changes while the note stands (a function of `t`). */
  #say = $state<() => string>(() => '');
  token = $state<string | null>(null);
  busy = $state(false);
  failure = $state<AppError | null>(null);

  constructor(private readonly undo: (token: string) => Promise<Result<unknown>>) {}

  get message(): string {
    return this.#say();
  }

  get shown(): boolean {
    return this.token !== null;
  }

  #focusWanted = false;

  offer(message: string | (() => string), token: string): void {
    this.#say = typeof message === 'function' ? message : () => message;
    this.token = token;
    this.failure = null;
    this.#focusWanted = true;
  }

  /**
   * True once per offer: the note's Undo takes the focus when it first shows (the removed row's button that had it is
   * gone), not again each time the panel is opened while the offer stands.
   */
  claimFocus(): boolean {
    const wanted = this.#focusWanted;
    this.#focusWanted = false;
    return wanted;
  }

  dismiss(): void {
    this.token = null;
    this.failure = null;
  }

  /** Brings it back; true when it came back (the note goes), false with the failure shown beside the note. */
  async run(): Promise<boolean> {
    if (!this.token || this.busy) return false;
    this.busy = true;
    const answer = await this.undo(this.token);
    this.busy = false;
    if (!answer.ok) {
      this.failure = answer.error;
      return false;
    }
    this.dismiss();
    return true;
  }
}
