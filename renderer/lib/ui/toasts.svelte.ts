/** Short notes that confirm something happened elsewhere ("Token copied", "Server deleted"). Never for errors a person must act on: those stay on screen in an ErrorBanner. */
export type ToastTone = 'ok' | 'info' | 'warn' | 'bad';

/**
 * One note on screen. Its sentence is said when read, so a note given as `() => t(...)` follows a language switch while
 * it stands (a class, not a plain object: the list's state proxy leaves it as it is).
 */
export class Toast {
  constructor(
    readonly id: number,
    readonly tone: ToastTone,
    private readonly say: () => string,
  ) {}

  get message(): string {
    return this.say();
  }
}

/** The toasts on screen: at most five, each gone after `visibleFor` ms or when dismissed. */
export class Toasts {
  #items = $state<Toast[]>([]);
  #next = 1;

  constructor(private readonly visibleFor = 5000) {}

  get items(): readonly Toast[] {
    return this.#items;
  }

  /** `message` as a function (`() => t(...)`) is said again in the language shown now; a string stays as written. */
  show(message: string | (() => string), tone: ToastTone = 'info'): number {
    const id = this.#next++;
    this.#items = [...this.#items.slice(-4), new Toast(id, tone, typeof message === 'string' ? () => message : message)];
    setTimeout(() => this.dismiss(id), this.visibleFor);
    return id;
  }

  dismiss(id: number): void {
    this.#items = this.#items.filter((toast) => toast.id !== id);
  }
}

export const toasts = new Toasts();
