import type { AppError } from '../../../preload/contract/app-error';
import type { Bridge } from '../../../preload/contract';

/**
 * What was just removed, cleared or cancelled, while it can be brought back: the sentence, the undo main gave with its
 * answer, and the button's busy flag and failure. Main keeps one such undo until the next change of that kind.
 */
export class UndoOffer {
  message = $state('');
  token = $state<string | null>(null);
  busy = $state(false);
  failure = $state<AppError | null>(null);

  constructor(private readonly api: Bridge) {}

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
    const answer = await this.api.onboarding.undo({ undo: this.token });
    this.busy = false;
    if (!answer.ok) {
      this.failure = answer.error;
      return false;
    }
    this.dismiss();
    return true;
  }
}
