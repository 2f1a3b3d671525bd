import type { Door } from '../../preload/contract/bridge';
import type { Result } from '../../preload/contract/app-error';
import { t } from './i18n.svelte';

/**
 * The door for a plain browser served by the web host (`npm run web`): calls are POST /ipc/<channel> on our own
 * origin, events come over one server-sent-events stream per page load (GET /events), both carrying the console's
 * secret in a header. The secret comes in the first URL (`/?secret=…`); the page moves it into its session storage
 * (this origin and tab only; a reload keeps it) and takes it out of the address bar. There is no cookie, so no other
 * local page can call the host. Cancelling a call aborts its fetch; the host aborts the handler when the
 * connection closes.
 */

const secretKey = 'watchdesk.secret';
const secretHeader = 'x-watchdesk-secret';

function takeSecret(): string {
  const url = new URL(window.location.href);
  const offered = url.searchParams.get('secret');
  if (offered) {
    window.sessionStorage.setItem(secretKey, offered);
    url.searchParams.delete('secret');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  return window.sessionStorage.getItem(secretKey) ?? '';
}

function hostLost(details: string): Result<never> {
  return { ok: false, error: { kind: 'Offline', message: t('bridge.hostLost'), fieldErrors: {}, retryable: true, details } };
}

type Handler = (payload: unknown) => void;

/** Reads `event:`/`data:` blocks from the stream and hands each to the handlers of its name. */
async function readEvents(body: ReadableStream<Uint8Array>, handlers: Map<string, Set<Handler>>): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = '';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) name = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (!name || !data) continue;
      const payload: unknown = JSON.parse(data);
      for (const handler of handlers.get(name) ?? []) handler(payload);
    }
  }
}

export function createBrowserDoor(): Door {
  const secret = takeSecret();
  const calls = new Map<string, AbortController>();
  const handlers = new Map<string, Set<Handler>>();
  let streaming = false;

  /** Opens the page's one event stream, and opens it again (after a pause) if it drops. */
  function stream(): void {
    if (streaming) return;
    streaming = true;
    void (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const response = await fetch('/events', { headers: { [secretHeader]: secret }, credentials: 'omit', cache: 'no-store' });
          if (response.ok && response.body) {
            attempt = 0;
            await readEvents(response.body, handlers);
          } else if (response.status === 401) {
            return; // a wrong secret does not get better by asking again; calls say what to do
          }
        } catch {
          // the host went away; try again below
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)));
      }
    })();
  }

  return {
    async invoke(channel, input, callId) {
      const controller = new AbortController();
      calls.set(callId, controller);
      try {
        const response = await fetch(`/ipc/${channel}`, {
          method: 'POST',
          credentials: 'omit',
          headers: { 'Content-Type': 'application/json', [secretHeader]: secret },
          body: input === undefined ? '' : JSON.stringify(input),
          signal: controller.signal,
        });
        return (await response.json()) as Result<unknown>;
      } catch (error) {
        return hostLost(error instanceof Error ? error.message : String(error));
      } finally {
        calls.delete(callId);
      }
    },
    cancel(callId) {
      calls.get(callId)?.abort();
    },
    subscribe(name, handler) {
      stream();
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
  };
}
