import { z } from 'zod';
import { fieldMessage } from './messages/field-message';
import { channel } from './channel';
import { event } from './event';
import type { AppError } from './app-error';
import { timeZoneNamePattern, type Dashboard, type DashboardQuery } from './wire/platform';
import { serverWindowQuerySchema, type ServerWindow, type ServerWindowStart } from './dashboard-servers';

/**
 * The dashboard (spec, operation 6): one server's statistics for a period and time zone, and the fleet of every saved
 * server side by side. Main fetches, caches the last answer per profile and period on disk, and serves it marked
 * stale when the server cannot be reached.
 */

/**
 * Predefined periods. The spec leaves the allowed `date` values open ("not shown"); these are the ones the simulator
 * accepts and the platform's UI offers. `custom` sends `from`/`to` instead.
 */
export const periodPresets = ['today', 'yesterday', 'week', 'month', 'year', 'custom'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

const calendarDay = /^\d{4}-\d{2}-\d{2}$/;
const dayField = (which: 'first' | 'last') =>
  z.string({ error: fieldMessage(`validation.dashboard.${which}DayRequired`) }).regex(calendarDay, { error: fieldMessage(`validation.dashboard.${which}DayFormat`) });

/** What the operator chose: a preset or a custom range of whole days, always with a Region/City time zone. */
export const periodSchema = z
  .object({
    preset: z.enum(periodPresets, { error: fieldMessage('validation.dashboard.periodRequired') }),
    from: dayField('first').optional(),
    to: dayField('last').optional(),
    timezone: z
      .string({ error: fieldMessage('validation.dashboard.timeZoneRequired') })
      .regex(timeZoneNamePattern, { error: fieldMessage('validation.dashboard.timeZoneForm') }),
  })
  .superRefine((period, ctx) => {
    if (period.preset !== 'custom') return;
    if (period.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: fieldMessage('validation.dashboard.firstDayMissing') });
    if (period.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: fieldMessage('validation.dashboard.lastDayMissing') });
    // YYYY-MM-DD compares correctly as text.
    if (period.from !== undefined && period.to !== undefined && period.to < period.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: fieldMessage('validation.dashboard.dayOrder') });
    }
  });
export type Period = z.infer<typeof periodSchema>;

/**
 * The query of operation 6 for a period. A custom range goes as `from`/`to` without `date` (the spec lists them as
 * the custom period's parameters; whether `date=custom` exists is not shown). The time zone always goes along: the
 * spec requires it when filtering by date, and "today" is only meaningful in a zone.
 */
export function periodQuery(period: Period): DashboardQuery {
  if (period.preset === 'custom') return { timezone: period.timezone, from: period.from, to: period.to };
  return { timezone: period.timezone, date: period.preset };
}

/** A stable key for one period (the on-disk cache and the renderer's "same request" checks use it). */
export function periodKey(period: Period): string {
  return period.preset === 'custom' ? `custom_${period.from}_${period.to}@${period.timezone}` : `${period.preset}@${period.timezone}`;
}

/** The server's 422 keys (`date`, `from`, `to`, `timezone`) become the period control's fields (input paths). */
export const periodFieldOfServerKey: Readonly<Record<string, `period.${keyof Period}`>> = {
  date: 'period.preset',
  from: 'period.from',
  to: 'period.to',
  timezone: 'period.timezone',
};

/** Where an answer came from: fetched just now, or the saved copy shown because the server could not be reached. */
export interface Freshness {
  /** When this answer was received from the server (ISO 8601). */
  fetchedAt: string;
  /** Null when fresh; otherwise why the live answer is missing (the failure, in words). */
  stale: AppError | null;
}

export interface DashboardView extends Freshness {
  profileId: string;
  profileName: string;
  period: Period;
  /**
   * The answer as the page needs it: `mediaservers.top_by_bitrate` holds the ten busiest servers only (what the
   * charts draw); the whole list stays in main and reaches the table through `servers` and `dashboard.servers`.
   */
  dashboard: Dashboard;
  /** The media-servers table's first window, in the answer's order, and the key to ask for other windows with. */
  servers: ServerWindowStart;
}

/** The cards of one dashboard (no top lists): what a fleet tile shows and the fleet totals add up. */
export interface DashboardCards {
  users: { all: number; delta: { number: number; percent: number }; legal: number; individual: number; sub: number; special: number };
  cameras: { all: number; withIssues: number; inactive: number; delta: { number: number; percent: number } };
  mediaServers: { all: number; inactive: number; enabled: number; avgCameras: number; avgUsers: number };
  issues: { camerasWithIssues: number; issues: number };
}

export type FleetTile = {
  profileId: string;
  profileName: string;
  baseUrl: string;
} & (
  | ({ state: 'ok' | 'stale'; cards: DashboardCards } & Freshness)
  /** No answer and no saved copy: the failure alone. */
  | { state: 'error'; error: AppError }
);

export interface FleetTotals {
  /** Tiles whose numbers are in the totals (fresh or stale). */
  servers: number;
  /** Tiles with a saved copy only (their numbers are in the totals, but old). */
  stale: number;
  /** Tiles with nothing to show. */
  failed: number;
  users: number;
  cameras: number;
  camerasWithIssues: number;
  camerasInactive: number;
  mediaServers: number;
  mediaServersInactive: number;
  issues: number;
}

export interface FleetView {
  period: Period;
  tiles: FleetTile[];
  totals: FleetTotals;
}

/** One fleet tile, pushed as soon as its server has answered (or failed), for the fleet call that asked for it. */
export interface FleetTileEvent {
  /** The `requestId` the renderer gave `dashboard.fleet`: tiles of a superseded call are not mixed in. */
  requestId: string;
  tile: FleetTile;
}

/** The cards from a dashboard answer. `count_issues` is a string in the spec; a non-number counts as 0. */
export function dashboardCards(d: Dashboard): DashboardCards {
  const issues = Number.parseInt(d.issues.count_issues, 10);
  return {
    users: {
      all: d.users.all.count_all,
      delta: { number: d.users.all.count_for_range.number, percent: d.users.all.count_for_range.percent },
      legal: d.users.others.legal.count_all,
      individual: d.users.others.individual.count_all,
      sub: d.users.others.sub.count_all,
      special: d.users.others.special.count_all,
    },
    cameras: {
      all: d.cameras.count_all,
      withIssues: d.cameras.count_with_issues,
      inactive: d.cameras.count_inactive,
      delta: { number: d.cameras.count_for_range.number, percent: d.cameras.count_for_range.percent },
    },
    mediaServers: {
      all: d.mediaservers.count_all,
      inactive: d.mediaservers.count_inactive,
      enabled: d.mediaservers.count_enabled,
      avgCameras: d.mediaservers.avg_count_cams,
      avgUsers: d.mediaservers.avg_count_users,
    },
    issues: { camerasWithIssues: d.issues.count_with_issues, issues: Number.isFinite(issues) ? issues : 0 },
  };
}

/** Totals across the tiles that have numbers (fresh or stale); failed tiles are counted, not guessed. */
export function fleetTotals(tiles: readonly FleetTile[]): FleetTotals {
  const totals: FleetTotals = {
    servers: 0,
    stale: 0,
    failed: 0,
    users: 0,
    cameras: 0,
    camerasWithIssues: 0,
    camerasInactive: 0,
    mediaServers: 0,
    mediaServersInactive: 0,
    issues: 0,
  };
  for (const tile of tiles) {
    if (tile.state === 'error') {
      totals.failed += 1;
      continue;
    }
    const { cards } = tile;
    totals.servers += 1;
    if (tile.state === 'stale') totals.stale += 1;
    totals.users += cards.users.all;
    totals.cameras += cards.cameras.all;
    totals.camerasWithIssues += cards.cameras.withIssues;
    totals.camerasInactive += cards.cameras.inactive;
    totals.mediaServers += cards.mediaServers.all;
    totals.mediaServersInactive += cards.mediaServers.inactive;
    totals.issues += cards.issues.issues;
  }
  return totals;
}

const profileIdField = z.string().min(1, { error: fieldMessage('validation.common.profileRequired') });

export const dashboardChannels = {
  /** One server's dashboard (the active profile unless `profileId`); the saved copy, marked stale, when unreachable. */
  'dashboard.get': channel<DashboardView>()(z.object({ profileId: profileIdField.optional(), period: periodSchema })),
  /**
   * Every saved profile's cards for the period, fetched in parallel (a few at a time), each with its own state. With
   * a `requestId`, each tile is also pushed as `dashboard.fleetTile` the moment its server answers, so a slow server
   * does not hold the others back; the answer then brings them all, in the profiles' order, with the totals.
   */
  /**
   * One window of a dashboard's media-servers table (at most 500 rows), sorted and filtered in main. A view no longer
   * kept (a newer answer of the same profile and period replaced it, or it was pushed out) is NotFound, in words.
   */
  'dashboard.servers': channel<ServerWindow>()(serverWindowQuerySchema),
  'dashboard.fleet': channel<FleetView>()(z.object({ period: periodSchema, requestId: z.string().min(1).max(100).optional() })),
};

export const dashboardEvents = {
  'dashboard.fleetTile': event<FleetTileEvent>(),
};
