/** One-click copy with a short "Copied" acknowledgement; a refusal by the system is said, not swallowed. */
export class CopyButtonState {
  #copied = $state(false);
  #failed = $state<string | null>(null);
  #timer: ReturnType<typeof setTimeout> | null = null;

  get copied(): boolean {
    return this.#copied;
  }

  get failed(): string | null {
    return this.#failed;
  }

  async copy(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this.#failed = null;
      this.#copied = true;
      if (this.#timer) clearTimeout(this.#timer);
      this.#timer = setTimeout(() => (this.#copied = false), 2000);
    } catch {
      this.#copied = false;
      this.#failed = 'The system refused the clipboard. Select the token and press Ctrl+C.';
    }
  }
}
