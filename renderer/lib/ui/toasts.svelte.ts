/** Short notes that confirm something happened elsewhere ("Token copied", "Server deleted"). Never for errors a person must act on: those stay on screen in an ErrorBanner. */
export type ToastTone = 'ok' | 'info' | 'warn' | 'bad';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

/** The toasts on screen: at most five, each gone after `visibleFor` ms or when dismissed. */
export class Toasts {
  #items = $state<Toast[]>([]);
  #next = 1;

  constructor(private readonly visibleFor = 5000) {}

  get items(): readonly Toast[] {
    return this.#items;
  }

  show(message: string, tone: ToastTone = 'info'): number {
    const id = this.#next++;
    this.#items = [...this.#items.slice(-4), { id, message, tone }];
    setTimeout(() => this.dismiss(id), this.visibleFor);
    return id;
  }

  dismiss(id: number): void {
    this.#items = this.#items.filter((toast) => toast.id !== id);
  }
}

export const toasts = new Toasts();
