import type { AppServices } from '../app/services';
import type { HttpWarmth } from '../../preload/contract/about';
import { warmHttp } from '../platform/http-warm-up';

export interface WarmUpService {
  run(): Promise<HttpWarmth>;
}

/**
 * What the first server call would otherwise wait for, done while the page is idle after its first screen: the
 * HTTP stack (undici, its parser) and the active profile's client with its connection pool (built, not connected:
 * no request reaches the server). A console with no server yet only gets the stack.
 */
export function createWarmUpService(connections: AppServices['connections']): WarmUpService {
  return {
    async run() {
      const warmth = await warmHttp();
      await connections.active().catch(() => undefined);
      return warmth;
    },
  };
}
