import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import type { CallContext } from '../ipc/registry';
import type { AppError } from '../../preload/contract/app-error';
import {
  dashboardCards,
  dashboardChannels,
  fleetTotals,
  periodFieldOfServerKey,
  periodKey,
  periodQuery,
  type DashboardView,
  type FleetTile,
  type Period,
} from '../../preload/contract/dashboard';
import type { Dashboard } from '../../preload/contract/wire/platform';
import type { Profile } from '../../preload/contract/wire/profile';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { log } from '../shared/log';
import { mapWithLimit } from '../shared/map-with-limit';
import { createDashboardCache } from './dashboard-cache';
import { createServerRows, type ServerRows } from './server-window';
import { busiestServers } from '../../preload/contract/dashboard-servers';

/** Profiles fetched at once by the fleet view: enough to hide one slow server, few enough for a laptop's uplink. */
export const FLEET_CONCURRENCY = 6;

/** Rows of the table sent with each dashboard answer: a screenful and a margin; the table asks for the rest. */
export const FIRST_SERVER_WINDOW = 60;

/** Views whose media servers main keeps for the table (the last answer of each profile and period, the newest few). */
export const KEPT_SERVER_VIEWS = 6;

/** The call's AbortSignal: the renderer cancels a superseded refresh (auto-refresh, a new period) with it. */
function signalOf(context: CallContext | undefined): AbortSignal | undefined {
  return context?.signal;
}

function appErrorOf(error: unknown): AppError {
  if (isAppFailure(error)) return error.appError;
  log.warn('dashboard', `unexpected failure: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  return new AppFailure('Internal', t('dashboard.errors.internal'), { retryable: true }).appError;
}

/**
 * A 422 from the server is about the period we sent: its reasons go onto the period control's fields (`date` ->
 * the preset, `from`, `to`, `timezone`), with a sentence that says the server refused the period.
 */
function periodRefused(error: AppFailure): AppFailure {
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, reasons] of Object.entries(error.appError.fieldErrors)) {
    const field = periodFieldOfServerKey[key] ?? 'period.preset';
    fieldErrors[field] = [...(fieldErrors[field] ?? []), ...reasons];
  }
  if (Object.keys(fieldErrors).length === 0) fieldErrors['period.preset'] = [t('dashboard.errors.periodRefusedNoReason')];
  return new AppFailure('Validation', t('dashboard.errors.periodRefused'), {
    fieldErrors,
    retryable: false,
    ...(error.appError.details !== undefined ? { details: error.appError.details } : {}),
  });
}

/**
 * The dashboard: operation 6 for one profile or the whole fleet. Every good answer is saved per profile and period;
 * when a server cannot answer, the saved copy is served marked stale with the failure that made it so.
 */
export function createDashboardFeature(services: AppServices): Feature<typeof dashboardChannels> {
  const { connections, profiles } = services;
  const cache = createDashboardCache(services.storage);
  /** One write at a time per file, in order, so an older answer never lands over a newer one. */
  const writes = new Map<string, Promise<void>>();
  /** Deleted profiles: an answer still on its way for one of them is not saved (profile ids are never reused). */
  const removed = new Set<string>();

  function save(profileId: string, key: string, fetchedAt: string, dashboard: Dashboard): void {
    if (removed.has(profileId)) return;
    const slot = `${profileId}\n${key}`;
    const previous = writes.get(slot) ?? Promise.resolve();
    const next = previous
      // After the reply has gone: serialising and writing a 60 MB answer takes main a second it owes the page first.
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => (removed.has(profileId) ? undefined : cache.write(profileId, key, { fetchedAt, dashboard })))
      .catch((error: unknown) => {
        // The answer is on screen either way; only the offline copy is missing.
        log.warn('dashboard', `could not save the dashboard for offline use: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        if (writes.get(slot) === next) writes.delete(slot);
      });
    writes.set(slot, next);
  }

  /** The live answer, or the saved copy marked stale; throws when the period is refused, or nothing can be shown. */
  async function load(profile: Profile, period: Period, signal: AbortSignal | undefined): Promise<Omit<DashboardView, 'servers'>> {
    const key = periodKey(period);
    const base = { profileId: profile.id, profileName: profile.name, period };
    try {
      const { client } = await connections.forProfile(profile.id);
      const dashboard = await client.getDashboard(periodQuery(period), signal ? { signal } : {});
      const fetchedAt = new Date().toISOString();
      save(profile.id, key, fetchedAt, dashboard);
      return { ...base, dashboard, fetchedAt, stale: null };
    } catch (error) {
      if (isAppFailure(error) && error.kind === 'Validation') throw periodRefused(error);
      if (isAppFailure(error) && error.kind === 'Cancelled') throw error;
      const saved = await cache.read(profile.id, key);
      if (!saved) throw error;
      return { ...base, dashboard: saved.dashboard, fetchedAt: saved.fetchedAt, stale: appErrorOf(error) };
    }
  }

  /** A deleted profile's saved dashboards go with it (after any write still running for it). */
  async function forget(profileId: string): Promise<void> {
    removed.add(profileId);
    for (const [key, entry] of kept) if (entry.slot.startsWith(`${profileId}\n`)) kept.delete(key);
    await Promise.all([...writes].filter(([slot]) => slot.startsWith(`${profileId}\n`)).map(([, write]) => write));
    await cache.forgetProfile(profileId);
  }
  const stopForgetting = profiles.onRemoved(forget);

  /** The media servers of the latest answers, by view key; a newer answer of the same profile and period replaces its own. */
  const kept = new Map<string, { slot: string; rows: ServerRows }>();
  let generation = 0;

  /** The view as it crosses to the page: figures, the ten busiest servers, and the table's first window. */
  function windowed(view: Omit<DashboardView, 'servers'>): DashboardView {
    const slot = `${view.profileId}\n${periodKey(view.period)}`;
    for (const [key, entry] of kept) if (entry.slot === slot) kept.delete(key);
    const all = view.dashboard.mediaservers.top_by_bitrate;
    const rows = createServerRows(all);
    generation += 1;
    const viewKey = `${slot}\n${generation}`;
    kept.set(viewKey, { slot, rows });
    while (kept.size > KEPT_SERVER_VIEWS) kept.delete(kept.keys().next().value!);
    const first = rows.window({ offset: 0, limit: FIRST_SERVER_WINDOW, sort: null, filter: { text: '', state: 'all' } });
    const dashboard = { ...view.dashboard, mediaservers: { ...view.dashboard.mediaservers, top_by_bitrate: busiestServers(all) } };
    return { ...view, dashboard, servers: { viewKey, ...first } };
  }

  async function profileFor(profileId: string | undefined): Promise<Profile> {
    if (profileId === undefined) {
      const activeId = await profiles.getActiveId();
      if (!activeId) throw new AppFailure('NotFound', t('dashboard.errors.noProfile'));
      profileId = activeId;
    }
    const profile = await profiles.get(profileId);
    if (!profile) throw new AppFailure('NotFound', t('dashboard.errors.profileGone'));
    return profile;
  }

  async function tile(profile: Profile, period: Period, signal: AbortSignal | undefined): Promise<FleetTile> {
    const base = { profileId: profile.id, profileName: profile.name, baseUrl: profile.baseUrl };
    try {
      const view = await load(profile, period, signal);
      return { ...base, state: view.stale ? 'stale' : 'ok', cards: dashboardCards(view.dashboard), fetchedAt: view.fetchedAt, stale: view.stale };
    } catch (error) {
      return { ...base, state: 'error', error: appErrorOf(error) };
    }
  }

  return {
    handlers: {
      async 'dashboard.get'({ profileId, period }, context) {
        return windowed(await load(await profileFor(profileId), period, signalOf(context)));
      },
      async 'dashboard.servers'({ viewKey, ...query }) {
        const entry = kept.get(viewKey);
        if (!entry) throw new AppFailure('NotFound', t('dashboard.errors.serversGone'), { retryable: false });
        return entry.rows.window(query);
      },
      async 'dashboard.fleet'({ period, requestId }, context) {
        const signal = signalOf(context);
        const all = await profiles.list();
        const tiles = await mapWithLimit(all, FLEET_CONCURRENCY, async (profile) => {
          const done = await tile(profile, period, signal);
          // On screen as soon as its server has answered, not after the slowest one.
          if (requestId !== undefined && !signal?.aborted) services.events.emit('dashboard.fleetTile', { requestId, tile: done });
          return done;
        });
        if (signal?.aborted) throw new AppFailure('Cancelled', t('dashboard.errors.cancelled'), { retryable: false });
        return { period, tiles, totals: fleetTotals(tiles) };
      },
    },
    async dispose() {
      stopForgetting();
      kept.clear();
      await Promise.all([...writes.values()]);
    },
  };
}
