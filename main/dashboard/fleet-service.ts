import { dashboardCards, fleetTotals, type FleetTile, type FleetView, type Period } from '../../preload/contract/dashboard';
import type { Profile } from '../../preload/contract/wire/profile';
import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import { mapWithLimit } from '../shared/map-with-limit';
import { appErrorOf } from './dashboard-failures';
import type { DashboardLoader } from './dashboard-loader';

/** Profiles fetched at once by the fleet view: enough to hide one slow server, few enough for a laptop's uplink. */
export const FLEET_CONCURRENCY = 6;

export interface FleetService {
  /** Every saved profile's cards for the period; with `onTile`, each tile is told the moment its server has answered. */
  fleet(period: Period, signal: AbortSignal | undefined, onTile?: (tile: FleetTile) => void): Promise<FleetView>;
}

export function createFleetService(profiles: { list(): Promise<Profile[]> }, loader: DashboardLoader): FleetService {
  let tiles = 0;

  async function tile(profile: Profile, period: Period, signal: AbortSignal | undefined): Promise<FleetTile> {
    const base = { profileId: profile.id, profileName: profile.name, baseUrl: profile.baseUrl };
    // A tile shows cards only: its rows are let go once the answer is saved for offline use.
    const viewKey = `fleet\n${(tiles += 1)}`;
    try {
      const view = await loader.load(profile, period, { viewKey, keep: false }, signal);
      return { ...base, state: view.stale ? 'stale' : 'ok', cards: dashboardCards(view.summary.dashboard), fetchedAt: view.fetchedAt, stale: view.stale };
    } catch (error) {
      return { ...base, state: 'error', error: appErrorOf(error) };
    }
  }

  return {
    async fleet(period, signal, onTile) {
      const all = await profiles.list();
      const done = await mapWithLimit(all, FLEET_CONCURRENCY, async (profile) => {
        const shown = await tile(profile, period, signal);
        // On screen as soon as its server has answered, not after the slowest one.
        if (onTile && !signal?.aborted) onTile(shown);
        return shown;
      });
      if (signal?.aborted) throw new AppFailure('Cancelled', said('dashboard.errors.cancelled'), { retryable: false });
      return { period, tiles: done, totals: fleetTotals(done) };
    },
  };
}
