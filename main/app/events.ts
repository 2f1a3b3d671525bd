import { eventNames, type EventName, type EventPayload } from '../../preload/contract';
import { log } from '../shared/log';
import { scrubValue } from '../shared/secret-scrub';

/** One pushed event as a transport carries it. */
export interface PushedEvent {
  name: EventName;
  payload: unknown;
}

export type EventListener = (event: PushedEvent) => void;

/**
 * The event hub: features emit contract events, transports (the Electron window, the web host's event streams)
 * listen and carry them to the renderer. Only contract event names exist; a listener that throws is logged and the
 * others still get the event.
 */
export interface EventHub {
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  /** Every event, for a transport; returns the unsubscribe function. */
  listen(listener: EventListener): () => void;
  /** Listeners now (tests). */
  readonly listeners: number;
}

export function createEventHub(): EventHub {
  const known = new Set<string>(eventNames);
  const listeners = new Set<EventListener>();
  return {
    get listeners() {
      return listeners.size;
    },
    emit(name, payload) {
      if (!known.has(name)) throw new Error(`"${name}" is not a contract event`);
      // No page listens (the web host before a page opened its stream): nothing to carry, nothing to scrub.
      if (listeners.size === 0) return;
      // Events leave main like answers do: never with an API token in them (stream tokens are their purpose).
      const event: PushedEvent = { name, payload: scrubValue(payload, { queryTokens: false }) };
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          log.warn('events', `a listener of ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
