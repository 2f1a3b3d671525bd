import type { Random } from '../prng';
import { DAY_MS } from '../time-format';
import { placements, vendors } from './names';
import type { AuthorizationMethod, PlatformCamera, StreamEntry, TreeElement } from './types';

export const PLATFORM_CAMERA_COUNT = 900;
/** Exact quotas (not probabilities) so every seed has enough private streams for a 1,000-token batch. */
const PRIVATE_STREAMS = 1440;
const PUBLIC_STREAMS = 240;

export interface CameraSeed {
  cameras: PlatformCamera[];
  streams: StreamEntry[];
}

/** A creation time `daysAgo` whole days before the anchor day, skewed towards recent days. */
export function recentCreationMs(random: Random, anchorMs: number, maxDays: number): number {
  const daysAgo = Math.floor(maxDays * random.next() ** 2);
  const inDay = daysAgo === 0 ? random.int(0, 3_600_000) : random.int(0, DAY_MS - 1);
  return anchorMs - daysAgo * DAY_MS + inDay;
}

/** Platform cameras, each with a high (`cam-0001-hd`) and a low (`cam-0001-sd`) media-server stream. */
export function generateCameras(
  random: Random,
  anchorMs: number,
  tree: readonly TreeElement[],
  leafIds: readonly number[],
  mediaServerCount: number,
): CameraSeed {
  const names = new Map(tree.map((el) => [el.id, el.name]));
  const cameras: PlatformCamera[] = [];
  const streams: StreamEntry[] = [];
  for (let i = 1; i <= PLATFORM_CAMERA_COUNT; i += 1) {
    const groupId = random.pick(leafIds);
    const vendor = random.pick(vendors);
    const name = `${names.get(groupId) ?? 'Site'} ${random.pick(placements)} ${random.int(1, 12)}`;
    cameras.push({
      id: i,
      name,
      external_id: random.chance(0.3) ? `billing-${String(i).padStart(6, '0')}` : null,
      group_id: groupId,
      media_server_id: random.int(1, mediaServerCount),
      is_active: random.chance(0.9),
      issues: random.chance(0.85) ? 0 : random.int(1, 6),
      created_at_ms: recentCreationMs(random, anchorMs, 1095),
    });
    const ip = `10.${random.int(16, 31)}.${random.int(0, 255)}.${random.int(2, 254)}`;
    const base = `cam-${String(i).padStart(4, '0')}`;
    for (const [type, suffix, path] of [
      ['high', 'hd', vendor.highPath],
      ['low', 'sd', vendor.lowPath],
    ] as const) {
      streams.push({
        uid: `${base}-${suffix}`,
        camera_id: i,
        type,
        name: `${name} (${suffix.toUpperCase()})`,
        url: `rtsp://${ip}:554${path}`,
        authorization: 'private',
        bitrate_kbps: type === 'high' ? random.int(1800, 8200) : random.int(256, 1024),
      });
    }
  }
  assignAuthorization(random, streams);
  return { cameras, streams };
}

function assignAuthorization(random: Random, streams: StreamEntry[]): void {
  const methods: AuthorizationMethod[] = streams.map((_, i) =>
    i < PRIVATE_STREAMS ? 'private' : i < PRIVATE_STREAMS + PUBLIC_STREAMS ? 'public' : 'protected',
  );
  const shuffled = random.shuffle(methods);
  streams.forEach((stream, i) => {
    stream.authorization = shuffled[i] ?? 'private';
  });
}
