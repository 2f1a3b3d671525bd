import { periodKey, type DashboardView, type Period } from '../../preload/contract/dashboard';
import type { ServerWindow, ServerWindowQuery } from '../../preload/contract/dashboard-servers';
import type { Profile } from '../../preload/contract/wire/profile';
import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import type { AnswerThread } from './answer-thread';
import type { DashboardLoader } from './dashboard-loader';

/** Views whose media servers the answer thread keeps for the table (the last answer of each profile and period, the newest few). */
export const KEPT_SERVER_VIEWS = 6;
/**
 * Media servers the kept views may hold together (the newest view is kept whatever its size): 100,000 rows take
 * about 70 MB in the thread, so six periods of a 100,000-server platform looked at in turn would have kept over
 * 400 MB. An older view beyond this is let go (its table says so in words and a refresh brings it back).
 */
export const KEPT_SERVER_ROWS = 200_000;

/**
 * One server's dashboard as the page gets it, and the media-servers table's windows after it. The rows stay in the
 * answer thread under a view key; a newer answer of the same profile and period replaces its own (the older rows are let go as soon as the newer
 * answer's bytes have arrived, so a refresh never holds two copies), and only the
 * newest few views are kept.
 */
export interface ServerViews {
  get(profile: Profile, period: Period, signal: AbortSignal | undefined): Promise<DashboardView>;
  window(query: ServerWindowQuery): Promise<ServerWindow>;
  /** A deleted profile's views go with it. */
  forget(profileId: string): void;
}

export function createServerViews(loader: DashboardLoader, thread: AnswerThread, maxRows = KEPT_SERVER_ROWS): ServerViews {
  /** Kept view keys and the profile and period (slot) each belongs to, oldest first. */
  const kept = new Map<string, string>();
  /** How many media servers each kept view holds. */
  const sizes = new Map<string, number>();
  let generation = 0;

  /** The oldest views beyond the newest few, or beyond the row budget (never the newest one). */
  function beyondBudget(): string[] {
    const keys = [...kept.keys()];
    let rows = keys.reduce((sum, key) => sum + (sizes.get(key) ?? 0), 0);
    const over: string[] = [];
    for (const key of keys.slice(0, -1)) {
      if (keys.length - over.length <= KEPT_SERVER_VIEWS && rows <= maxRows) break;
      over.push(key);
      rows -= sizes.get(key) ?? 0;
    }
    return over;
  }

  function drop(viewKeys: string[]): void {
    for (const key of viewKeys) {
      kept.delete(key);
      sizes.delete(key);
    }
    if (viewKeys.length > 0) void thread.ask({ kind: 'drop', viewKeys }).catch(() => undefined);
  }

  return {
    async get(profile, period, signal) {
      const slot = `${profile.id}\n${periodKey(period)}`;
      generation += 1;
      const viewKey = `${slot}\n${generation}`;
      const older = () => [...kept].filter(([, keptSlot]) => keptSlot === slot).map(([key]) => key);
      // The thread lets the older rows go when the new answer's bytes arrive, not after the new rows are kept.
      const loaded = await loader.load(profile, period, { viewKey, keep: true, replaces: older() }, signal);
      drop(older());
      kept.set(viewKey, slot);
      sizes.set(viewKey, loaded.summary.first.total);
      drop(beyondBudget());
      const { dashboard, first } = loaded.summary;
      return { profileId: profile.id, profileName: profile.name, period, dashboard, fetchedAt: loaded.fetchedAt, stale: loaded.stale, servers: { viewKey, ...first } };
    },
    async window({ viewKey, ...query }) {
      const rows = kept.has(viewKey) ? await thread.ask({ kind: 'window', viewKey, query }) : null;
      if (!rows) throw new AppFailure('NotFound', said('dashboard.errors.serversGone'), { retryable: false });
      return rows;
    },
    forget(profileId) {
      drop([...kept].filter(([, slot]) => slot.startsWith(`${profileId}\n`)).map(([key]) => key));
    },
  };
}
