import { checkBatchInWorker, type BatchCheck, type BatchCheckProgress } from './batch-check';

/** Typing may pause this long before the list is checked again (a paste is checked as soon). */
const CHECK_AFTER_MS = 150;

type Checker = (text: string, options: { onProgress: (progress: BatchCheckProgress) => void; signal: AbortSignal }) => Promise<BatchCheck>;

/**
 * The batch form's pasted list as main will read it, checked off the page's thread (batch-check.ts): how many tokens
 * it makes, what parsing did, or why it cannot be used; and, while a long list is being checked, how far the check
 * is. A newer text stops the check of an older one. Notes and the problem are catalog keys, said by the form.
 */
export class BatchListState {
  /** Raw: a 10,000-stream answer is replaced whole, never changed in place. */
  #check = $state.raw<BatchCheck | null>(null);
  #progress = $state.raw<BatchCheckProgress | null>(null);
  #checking = $state(false);
  #asList = $state(false);
  #controller: AbortController | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly checker: Checker = checkBatchInWorker) {}

  /** Null while the field is empty, and until the first check of the current text ends. */
  get check(): BatchCheck | null {
    return this.#check;
  }
  /** The tokens the list makes (duplicates once), or null when it cannot be used or is not checked yet. */
  get streamCount(): number | null {
    return this.#check?.streamCount ?? null;
  }
  /**
   * A long paste is shown as its checked rows rather than as text: a text field lays out every one of 10,000 lines
   * (hundreds of milliseconds on the page's thread), a virtualised list only the rows in view.
   */
  get asList(): boolean {
    return this.#asList;
  }
  get checking(): boolean {
    return this.#checking;
  }
  /** Rows checked of rows read, reported while a long list (over 1,000 rows) is being checked. */
  get progress(): BatchCheckProgress | null {
    return this.#progress;
  }

  /** A long list was pasted: it is shown as checked rows, and checked at once. */
  pastedLong(text: string): void {
    this.#asList = true;
    this.changed(text, 0);
  }

  /** Back to the text field (the operator wants to edit the list by hand). */
  editAsText(): void {
    this.#asList = false;
  }

  /** The field's text changed: what was said about the old text is dropped, and the new one is checked shortly. */
  changed(text: string, afterMs = CHECK_AFTER_MS): void {
    this.#cancel();
    this.#check = null;
    this.#progress = null;
    if (text.trim() === '') {
      this.#asList = false;
      return;
    }
    this.#checking = true;
    this.#timer = setTimeout(() => void this.#run(text), afterMs);
  }

  dispose(): void {
    this.#cancel();
  }

  async #run(text: string): Promise<void> {
    this.#timer = null;
    const controller = new AbortController();
    this.#controller = controller;
    try {
      const check = await this.checker(text, { signal: controller.signal, onProgress: (progress) => (this.#progress = progress) });
      if (this.#controller !== controller) return;
      this.#check = check;
    } catch {
      // Replaced by a newer text, or the worker itself failed (not the list): then the form simply counts nothing
      // yet, and main checks the list when the batch starts, as always.
      if (this.#controller === controller) this.#check = null;
    } finally {
      if (this.#controller === controller) {
        this.#controller = null;
        this.#checking = false;
        this.#progress = null;
      }
    }
  }

  #cancel(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#controller?.abort();
    this.#controller = null;
    this.#checking = false;
  }
}
