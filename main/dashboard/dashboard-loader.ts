import { periodKey, periodQuery, type Freshness, type Period } from '../../preload/contract/dashboard';
import type { Profile } from '../../preload/contract/wire/profile';
import type { Connections as AppConnections } from '../app/connections';
import { isAppFailure } from '../shared/app-failure';
import { log } from '../shared/log';
import type { AnswerSummary } from './answer-views';
import type { AnswerThread } from './answer-thread';
import { appErrorOf, periodRefused } from './dashboard-failures';

/** One profile's dashboard for a period as main holds it: the summary the page gets, kept under `viewKey` in the thread. */
export interface LoadedDashboard extends Freshness {
  summary: AnswerSummary;
}

export interface DashboardLoader {
  /**
   * The live answer (checked in the answer thread, saved for offline use after it), or the saved copy marked stale;
   * throws when the period is refused, the call was cancelled, or nothing can be shown.
   */
  load(profile: Profile, period: Period, view: ViewChoice, signal: AbortSignal | undefined): Promise<LoadedDashboard>;
  /** Resolves once every offline copy under way has been written (or given up). */
  idle(): Promise<void>;
  /** A deleted profile: answers still on their way for it are not saved; resolves once its writes are done. */
  forget(profileId: string): Promise<void>;
}

type Connections = Pick<AppConnections, 'forProfile'>;

/**
 * Where the thread keeps the answer's rows; `keep: false` lets them go once the answer is saved (a fleet tile).
 * `replaces`: older views of the same profile and period, let go in the thread as soon as the new answer's bytes
 * have arrived, before they are parsed.
 */
export interface ViewChoice {
  viewKey: string;
  keep: boolean;
  replaces?: readonly string[];
}

/**
 * `hasSaved` answers on main whether an offline copy exists, so a server that fails before any answer was ever saved
 * (a refused 200 MB body, say) does not start the answer thread just to find nothing.
 */
export function createDashboardLoader(connections: Connections, thread: AnswerThread, hasSaved: (profileId: string, periodKey: string) => boolean): DashboardLoader {
  /** One write at a time per profile and period, in order, so an older answer never lands over a newer one. */
  const writes = new Map<string, Promise<void>>();
  /** Deleted profiles (profile ids are never reused). */
  const removed = new Set<string>();

  function letGo(view: ViewChoice): void {
    if (!view.keep) void thread.ask({ kind: 'drop', viewKeys: [view.viewKey] }).catch(() => undefined);
  }

  function save(profileId: string, key: string, fetchedAt: string, view: ViewChoice): void {
    const { viewKey } = view;
    if (removed.has(profileId)) return letGo(view);
    const slot = `${profileId}\n${key}`;
    const previous = writes.get(slot) ?? Promise.resolve();
    const next = previous
      .then(() => (removed.has(profileId) ? undefined : thread.ask({ kind: 'save', viewKey, profileId, periodKey: key, fetchedAt })))
      .then(() => undefined)
      .catch((error: unknown) => {
        // The answer is on screen either way; only the offline copy is missing.
        log.warn('dashboard', `could not save the dashboard for offline use: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        letGo(view);
        if (writes.get(slot) === next) writes.delete(slot);
      });
    writes.set(slot, next);
  }

  async function saved(profileId: string, key: string, view: ViewChoice) {
    try {
      if (!hasSaved(profileId, key)) return null;
      // A fleet tile keeps nothing of the copy; a view keeps it in place of the older ones of its slot.
      const request = view.keep ? { viewKey: view.viewKey, replaces: [...(view.replaces ?? [])] } : { viewKey: null, replaces: [] };
      const copy = await thread.ask({ kind: 'openSaved', profileId, periodKey: key, ...request });
      if (copy.summary === null && copy.warning !== null) log.warn('dashboard', copy.warning);
      return copy.summary === null ? null : copy;
    } catch (error) {
      log.warn('dashboard', `could not read the saved dashboard: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  return {
    async load(profile, period, view, signal) {
      const key = periodKey(period);
      try {
        const { client } = await connections.forProfile(profile.id);
        const answer = await client.fetchDashboard(periodQuery(period), signal ? { signal } : {});
        const opened = await thread.open(answer, view.viewKey, view.replaces);
        if (!opened.ok) throw answer.refuse(opened.problem);
        const fetchedAt = new Date().toISOString();
        save(profile.id, key, fetchedAt, view);
        return { summary: opened.summary, fetchedAt, stale: null };
      } catch (error) {
        if (isAppFailure(error) && error.kind === 'Validation') throw periodRefused(error);
        if (isAppFailure(error) && error.kind === 'Cancelled') throw error;
        const copy = await saved(profile.id, key, view);
        if (!copy) throw error;
        return { summary: copy.summary, fetchedAt: copy.fetchedAt, stale: appErrorOf(error) };
      }
    },
    async idle() {
      await Promise.all([...writes.values()]);
    },
    async forget(profileId) {
      removed.add(profileId);
      await Promise.all([...writes].filter(([slot]) => slot.startsWith(`${profileId}\n`)).map(([, write]) => write));
    },
  };
}
