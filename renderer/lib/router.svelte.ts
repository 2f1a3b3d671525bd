import { isScreenKey, type ScreenKey } from './screens';

function screenFromHash(): ScreenKey {
  const key = window.location.hash.replace(/^#\/?/, '').split('/')[0] ?? '';
  return isScreenKey(key) ? key : 'connect';
}

/** The current screen, kept in the URL hash so reloads and the back button behave. */
export class Router {
  #current = $state<ScreenKey>(screenFromHash());

  constructor() {
    window.addEventListener('hashchange', () => {
      this.#current = screenFromHash();
    });
  }

  get current(): ScreenKey {
    return this.#current;
  }

  go(key: ScreenKey): void {
    window.location.hash = `#/${key}`;
    this.#current = key;
  }
}

export const router = new Router();
