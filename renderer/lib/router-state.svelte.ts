import { isScreenKey, type ScreenKey } from './screens';

/** What the router needs of the window: its location's hash and the `hashchange` event. */
export interface HashHost {
  location: { hash: string };
  addEventListener(type: 'hashchange', listener: () => void): void;
}

function screenFromHash(hash: string): ScreenKey {
  const key = hash.replace(/^#\/?/, '').split('/')[0] ?? '';
  return isScreenKey(key) ? key : 'connect';
}

/** The current screen, kept in the URL hash so reloads and the back button behave. */
export class Router {
  #current: ScreenKey = $state('connect');

  constructor(private readonly host: HashHost) {
    this.#current = screenFromHash(host.location.hash);
    host.addEventListener('hashchange', () => {
      this.#current = screenFromHash(host.location.hash);
    });
  }

  get current(): ScreenKey {
    return this.#current;
  }

  go(key: ScreenKey): void {
    this.host.location.hash = `#/${key}`;
    this.#current = key;
  }
}
