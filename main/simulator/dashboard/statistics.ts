import type { MediaServer, UserType } from '../seed/types';
import type { SimulatorState } from '../state';
import type { DashboardPeriod, Interval } from './period';

/**
 * Dashboard numbers derived from the seeded (and created) entities. Creation times are kept sorted per
 * category so a period count is two binary searches; the index is rebuilt only when state.revision moves.
 */
interface CountForRange {
  number: number;
  percent: number;
}

interface DashboardIndex {
  revision: number;
  topMediaServers: number;
  users: number[];
  usersByType: Record<UserType, number[]>;
  cameras: number[];
  /** The period-independent part of the answer, built once per revision. */
  fixed: {
    camerasWithIssues: number;
    camerasInactive: number;
    issuesTotal: number;
    topStreams: unknown[];
    topIssues: unknown[];
    mediaservers: Record<string, unknown>;
  };
}

const USER_TYPES: readonly UserType[] = ['legal', 'individual', 'sub', 'special'];
const indexes = new WeakMap<SimulatorState, DashboardIndex>();

function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? 0) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function countIn(sorted: readonly number[], interval: Interval): number {
  return lowerBound(sorted, interval.end) - lowerBound(sorted, interval.start);
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Change against the previous period of equal length; percent is 100 when growing from nothing. */
export function countForRange(sorted: readonly number[], period: DashboardPeriod): CountForRange {
  const current = countIn(sorted, period.current);
  const previous = countIn(sorted, period.previous);
  const number = current - previous;
  const percent = previous === 0 ? (current === 0 ? 0 : 100) : round2((number / previous) * 100);
  return { number, percent };
}

function mediaServerSection(state: SimulatorState, cameraCount: number, topCount: number): Record<string, unknown> {
  const servers = state.mediaServers;
  const top: MediaServer[] = [...servers].sort((a, b) => b.traffic_out - a.traffic_out || a.id - b.id).slice(0, topCount);
  return {
    count_all: servers.length,
    count_inactive: servers.filter((s) => !s.status).length,
    count_enabled: servers.filter((s) => s.is_enabled).length,
    avg_count_cams: servers.length === 0 ? 0 : round2(cameraCount / servers.length),
    avg_count_users: servers.length === 0 ? 0 : round2(state.users.length / servers.length),
    top_by_bitrate: top,
  };
}

function buildIndex(state: SimulatorState, topMediaServers: number): DashboardIndex {
  const sortAsc = (values: number[]): number[] => values.sort((a, b) => a - b);
  const usersByType = Object.fromEntries(
    USER_TYPES.map((type) => [type, sortAsc(state.users.filter((u) => u.type === type).map((u) => u.created_at_ms))]),
  ) as Record<UserType, number[]>;
  // Agent cameras are platform cameras too; they were created with their devices.
  const agentCameras = [...state.agents.values()];
  const cameraTimes = sortAsc([
    ...state.cameras.map((c) => c.created_at_ms),
    ...agentCameras.map((a) => Date.parse(a.camera.created_at)),
  ]);
  const cameraNames = new Map(state.cameras.map((c) => [c.id, c.name]));
  const topStreams = [...state.streams.values()]
    .sort((a, b) => b.bitrate_kbps - a.bitrate_kbps || a.uid.localeCompare(b.uid))
    .slice(0, 10)
    .map((s) => ({ stream_uid: s.uid, camera_id: s.camera_id, camera_name: cameraNames.get(s.camera_id) ?? s.name, type: s.type, bitrate: s.bitrate_kbps }));
  const withIssues = state.cameras.filter((c) => c.issues > 0);
  const topIssues = [...withIssues]
    .sort((a, b) => b.issues - a.issues || a.id - b.id)
    .slice(0, 10)
    .map((c) => ({ camera_id: c.id, camera_name: c.name, count_issues: c.issues }));
  return {
    revision: state.revision,
    topMediaServers,
    users: sortAsc(state.users.map((u) => u.created_at_ms)),
    usersByType,
    cameras: cameraTimes,
    fixed: {
      camerasWithIssues: withIssues.length,
      camerasInactive: state.cameras.filter((c) => !c.is_active).length + agentCameras.filter((a) => !a.is_online).length,
      issuesTotal: withIssues.reduce((sum, c) => sum + c.issues, 0),
      topStreams,
      topIssues,
      mediaservers: mediaServerSection(state, cameraTimes.length, topMediaServers),
    },
  };
}

/** The dashboard object: four members, users / cameras / issues / mediaservers (spec, "Dashboard"). */
export function dashboardStatistics(state: SimulatorState, period: DashboardPeriod, topMediaServers = 5): Record<string, unknown> {
  let index = indexes.get(state);
  if (!index || index.revision !== state.revision || index.topMediaServers !== topMediaServers) {
    index = buildIndex(state, topMediaServers);
    indexes.set(state, index);
  }
  const { fixed } = index;
  const others = Object.fromEntries(
    USER_TYPES.map((type) => [type, { count_all: index.usersByType[type].length, count_for_range: countForRange(index.usersByType[type], period) }]),
  );
  return {
    users: {
      all: { count_all: index.users.length, count_for_range: countForRange(index.users, period) },
      others,
    },
    cameras: {
      count_all: index.cameras.length,
      count_with_issues: fixed.camerasWithIssues,
      count_for_range: countForRange(index.cameras, period),
      count_inactive: fixed.camerasInactive,
      streams: { top_by_bitrate: fixed.topStreams },
    },
    issues: {
      count_with_issues: fixed.camerasWithIssues,
      count_issues: String(fixed.issuesTotal),
      top_by_issues: fixed.topIssues,
    },
    mediaservers: fixed.mediaservers,
  };
}
