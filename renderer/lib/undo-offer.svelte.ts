import type { AppError, Result } from '../../preload/contract/app-error';

/**
 * What was just removed, cleared or cancelled, while it can be brought back: the sentence, the undo token its answer
 * gave, and the button's busy flag and failure. `undo` runs the feature's own undo call with that token (main keeps
 * one such undo per feature until the next change of that kind).
 */
export class UndoOffer {
  message = $state('');
  token = $state<string | null>(null);
  busy = $state(false);
  failure = $state<AppError | null>(null);

  constructor(private readonly undo: (token: string) => Promise<Result<unknown>>) {}

  get shown(): boolean {
    return this.token !== null;
  }

  offer(message: string, token: string): void {
    this.message = message;
    this.token = token;
    this.failure = null;
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
