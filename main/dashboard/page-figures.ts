import { busiestServers } from '../../preload/contract/dashboard-servers';
import { drawnItems, TOP_ISSUES_FIELDS, TOP_STREAMS_FIELDS } from '../../preload/contract/dashboard-top';
import { mediaServerEntrySchema, type Dashboard, type MediaServerEntry } from '../../preload/contract/wire/platform';

const serverMembers = Object.keys(mediaServerEntrySchema.shape) as Array<keyof MediaServerEntry>;

/** A media server with the members the contract names: what a chart and its table view read. */
function knownServerMembers(server: MediaServerEntry): MediaServerEntry {
  const known: Record<string, unknown> = {};
  for (const member of serverMembers) known[member] = server[member];
  return known as MediaServerEntry;
}

const count = (of: { number: number; percent: number }) => ({ number: of.number, percent: of.percent });
const users = (of: Dashboard['users']['all']) => ({ count_all: of.count_all, count_for_range: count(of.count_for_range) });

/**
 * The figures of a checked answer as they cross to main and the page: the members the contract names, the ten busiest
 * servers, and of each top list of unknown shape only the items its chart draws. The schema lets any other member
 * through (the platform adds fields), and a hostile answer may fill one with tens of megabytes; the table's rows stay
 * in the answer thread and reach the page a window at a time.
 */
export function figuresForPage(dashboard: Dashboard, busiest: readonly MediaServerEntry[] = busiestServers(dashboard.mediaservers.top_by_bitrate)): Dashboard {
  const { cameras, issues, mediaservers } = dashboard;
  const others = dashboard.users.others;
  return {
    users: { all: users(dashboard.users.all), others: { legal: users(others.legal), individual: users(others.individual), sub: users(others.sub), special: users(others.special) } },
    cameras: {
      count_all: cameras.count_all,
      count_with_issues: cameras.count_with_issues,
      count_for_range: count(cameras.count_for_range),
      count_inactive: cameras.count_inactive,
      streams: { top_by_bitrate: drawnItems(cameras.streams.top_by_bitrate, TOP_STREAMS_FIELDS) },
    },
    issues: { count_with_issues: issues.count_with_issues, count_issues: issues.count_issues, top_by_issues: drawnItems(issues.top_by_issues, TOP_ISSUES_FIELDS) },
    mediaservers: {
      count_all: mediaservers.count_all,
      count_inactive: mediaservers.count_inactive,
      count_enabled: mediaservers.count_enabled,
      avg_count_cams: mediaservers.avg_count_cams,
      avg_count_users: mediaservers.avg_count_users,
      top_by_bitrate: busiest.map(knownServerMembers),
    },
  };
}
