import type { AppError } from '../../preload/contract/app-error';
import type { EventHub } from './events';

/**
 * Follows whether each profile's server can be used, from the outcome of every platform call and connection test,
 * and pushes `connection.changed` when the active profile's state changes (not on every call: a batch makes
 * thousands). The header then says "Problem" with the reason the moment a call fails, not at its next check.
 */
export interface ConnectionWatch {
  /** A call or test for `profileId` reached the server with the token (null), or failed for this reason. */
  observe(profileId: string, failure: AppError | null): void;
  /** Forgets what is known about a profile (edited, removed, a new token): its next outcome is told again. */
  forget(profileId: string): void;
}

export function createConnectionWatch(events: EventHub, activeId: () => Promise<string | null>): ConnectionWatch {
  /** Per profile: 'ok', or the failure's kind and sentence; compared to tell only changes. */
  const last = new Map<string, string>();

  return {
    observe(profileId, failure) {
      const state = failure ? `${failure.kind}:${failure.message}` : 'ok';
      if (last.get(profileId) === state) return;
      last.set(profileId, state);
      const change = {
        profileId,
        ok: failure === null,
        reason: failure?.message ?? null,
        ...(failure?.said ? { reasonSaid: failure.said } : {}),
        kind: failure?.kind ?? null,
        at: new Date().toISOString(),
      };
      void activeId().then(
        (id) => {
          // Only the active profile is in the header; a newer outcome may have been told meanwhile.
          if (id === profileId && last.get(profileId) === state) events.emit('connection.changed', change);
        },
        () => undefined,
      );
    },
    forget(profileId) {
      last.delete(profileId);
    },
  };
}
