import { createRequire } from 'node:module';
import type * as Undici from 'undici';

/**
 * What the bundled main (Electron and the web host) gets for `import … from 'undici'` (vite.main.config.ts aliases
 * it here): the same classes and functions, with undici itself loaded by the first platform client that is built
 * rather than at start, where reading its ~60 modules was a tenth of a second before the first screen. Only the
 * names main/platform uses are here; importing another one fails the build, so a new one is added here knowingly.
 * Tests and tsx run main from source against undici directly.
 */
const require = createRequire(import.meta.url);
let loaded: typeof Undici | undefined;

function undici(): typeof Undici {
  loaded ??= require('undici') as typeof Undici;
  return loaded;
}

/** `new Agent(options)` builds undici's own Agent (a constructor may return another object). */
export const Agent = function Agent(...args: ConstructorParameters<typeof Undici.Agent>): Undici.Agent {
  return new (undici().Agent)(...args);
} as unknown as typeof Undici.Agent;

export const buildConnector = ((...args: Parameters<typeof Undici.buildConnector>) => undici().buildConnector(...args)) as typeof Undici.buildConnector;

/** `new Pool(origin, options)` builds undici's own Pool. */
export const Pool = function Pool(...args: ConstructorParameters<typeof Undici.Pool>): Undici.Pool {
  return new (undici().Pool)(...args);
} as unknown as typeof Undici.Pool;

/** The interceptors main/platform composes on its pools (looked up when one is built, not at start). */
export const interceptors: Pick<typeof Undici.interceptors, 'retry'> = {
  retry: (...args) => undici().interceptors.retry(...args),
};
