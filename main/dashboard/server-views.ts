import { periodKey, type DashboardView, type Period } from '../../preload/contract/dashboard';
import type { ServerWindow, ServerWindowQuery } from '../../preload/contract/dashboard-servers';
import type { Profile } from '../../preload/contract/wire/profile';
import { AppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import type { AnswerThread } from './answer-thread';
import type { DashboardLoader } from './dashboard-loader';

/** Views whose media servers the answer thread keeps for the table (the last answer of each profile and period, the newest few). */
export const KEPT_SERVER_VIEWS = 6;

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

export function createServerViews(loader: DashboardLoader, thread: AnswerThread): ServerViews {
  /** Kept view keys and the profile and period (slot) each belongs to, oldest first. */
  const kept = new Map<string, string>();
  let generation = 0;

  function drop(viewKeys: string[]): void {
    for (const key of viewKeys) kept.delete(key);
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
      drop([...kept.keys()].slice(0, Math.max(0, kept.size - KEPT_SERVER_VIEWS)));
      const { dashboard, first } = loaded.summary;
      return { profileId: profile.id, profileName: profile.name, period, dashboard, fetchedAt: loaded.fetchedAt, stale: loaded.stale, servers: { viewKey, ...first } };
    },
    async window({ viewKey, ...query }) {
      const rows = kept.has(viewKey) ? await thread.ask({ kind: 'window', viewKey, query }) : null;
      if (!rows) throw new AppFailure('NotFound', t('dashboard.errors.serversGone'), { retryable: false });
      return rows;
    },
    forget(profileId) {
      drop([...kept].filter(([, slot]) => slot.startsWith(`${profileId}\n`)).map(([key]) => key));
    },
  };
}
