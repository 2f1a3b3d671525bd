import { buildBridge } from '../../preload/contract/bridge';
import type { Bridge } from '../../preload/contract';
import type { Result } from '../../preload/contract/app-error';

/**
 * `window.watchdesk` for a plain browser served by the web host: the same contract, carried as POST /ipc/<channel>
 * on our own origin. The session cookie set by the host authenticates the call.
 */
export function createBrowserBridge(): Bridge {
  return buildBridge(async (channel, input): Promise<Result<unknown>> => {
    try {
      const response = await fetch(`/ipc/${channel}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: input === undefined ? '' : JSON.stringify(input),
      });
      return (await response.json()) as Result<unknown>;
    } catch (error) {
      return {
        ok: false,
        error: {
          kind: 'Offline',
          message: 'The console lost contact with its local host. Is "npm run web" still running?',
          fieldErrors: {},
          retryable: true,
          details: error instanceof Error ? error.message : String(error),
        },
      };
    }
  });
}
