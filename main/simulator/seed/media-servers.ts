import type { Random } from '../prng';
import { DAY_MS, formatMicroIso } from '../time-format';
import { mediaServerSites } from './names';
import type { MediaServer } from './types';

export const MEDIA_SERVER_COUNT = 24;

/**
 * Media servers in the spec's entry shape; a few are down or disabled so the dashboard has something to show.
 * `count` is 24 unless a test or bench asks for a large fleet (the first 24 are the same either way).
 */
export function generateMediaServers(random: Random, anchorMs: number, count = MEDIA_SERVER_COUNT): MediaServer[] {
  const servers: MediaServer[] = [];
  const perSite = new Map<string, number>();
  for (let id = 1; id <= count; id += 1) {
    const site = random.pick(mediaServerSites);
    const n = (perSite.get(site) ?? 0) + 1;
    perSite.set(site, n);
    const hostname = `ms-${site}-${String(n).padStart(2, '0')}`;
    const domain = `${hostname}.watchdesk-demo.net`;
    const createdMs = anchorMs - random.int(120, 1400) * DAY_MS - random.int(0, DAY_MS - 1);
    const updatedMs = anchorMs - random.int(0, 60) * DAY_MS - random.int(0, DAY_MS - 1);
    servers.push({
      id,
      type: 'media_server_v2',
      schema: 'https',
      internal_domain: `${hostname}.internal`,
      external_domain: domain,
      domain,
      internal: random.pick(['8080', '8081', '80']),
      external: random.pick(['443', '8443']),
      rtsp: random.pick(['554', '8554']),
      traffic_in: random.int(20_000, 2_500_000),
      traffic_out: random.int(50_000, 9_000_000),
      status: random.chance(0.85),
      is_enabled: random.chance(0.9),
      has_cache: random.chance(0.4),
      proxy: random.chance(0.7) ? '' : `proxy-${site}.watchdesk-demo.net:3128`,
      created_at: formatMicroIso(createdMs, random.int(0, 999)),
      updated_at: formatMicroIso(Math.max(createdMs, updatedMs), random.int(0, 999)),
      user_type: random.chance(0.6) ? null : random.pick(['legal', 'individual']),
      group_type: 'all',
      streams_limit: random.pick([250, 500, 1000, 2000]),
      bitrate_limit: random.pick([500_000, 1_000_000, 2_000_000]),
      extra: { server: { hostname } },
      is_editable: random.chance(0.8),
      is_stream_condition_management_enabled: random.chance(0.3),
    });
  }
  return servers;
}
