import type { Random } from '../prng';
import { DAY_MS, formatMicroIso } from '../time-format';
import { placements, vendors, type CameraVendor } from './names';
import type { AgentCameraStream, AgentDevice, AgentStorage, TreeElement } from './types';

export const AGENT_COUNT = 60;
const FIRST_AGENT_ID = 1001;

function stamp(random: Random, ms: number): string {
  return formatMicroIso(ms, random.int(0, 999));
}

function storages(random: Random, agentIndex: number): AgentStorage[] {
  const count = random.int(1, 4);
  const out: AgentStorage[] = [];
  for (let s = 0; s < count; s += 1) {
    // Capacities are megabytes (spec); usage uses the same unit, which the spec leaves open (README).
    const capacity = random.pick([476_940, 953_869, 1_907_729, 3_815_447, 7_630_885]);
    out.push({
      id: agentIndex * 10 + s + 1,
      path: s === 0 ? '/var/lib/mediaagent/archive' : `/mnt/disk${s}`,
      usage: random.float(capacity * 0.05, capacity * 0.98, 2),
      capacity,
    });
  }
  return out;
}

function cameraStreams(random: Random, cameraId: number, ip: string, vendor: CameraVendor): AgentCameraStream[] {
  const hasSound = random.chance(0.3);
  const high: AgentCameraStream = {
    id: cameraId * 10 + 1,
    type: 'high',
    camera_id: cameraId,
    url: `rtsp://${ip}:554${vendor.highPath}`,
    is_preview_from_server: random.chance(0.5),
    is_archive_from_server: random.chance(0.2) ? null : random.chance(0.5),
    status: null,
    has_sound: hasSound,
    width: random.chance(0.15) ? null : random.pick([1920, 2560, 3840]),
    height: null,
    video_codec: random.chance(0.1) ? null : random.pick(['h264', 'h265']),
    audio_codec: hasSound ? random.pick(['aac', 'pcm_alaw']) : null,
  };
  high.height = high.width === null ? null : high.width === 1920 ? 1080 : high.width === 2560 ? 1440 : 2160;
  const streams = [high];
  if (random.chance(0.8)) {
    streams.push({
      ...high,
      id: cameraId * 10 + 2,
      type: 'low',
      url: `rtsp://${ip}:554${vendor.lowPath}`,
      width: high.width === null ? null : 640,
      height: high.width === null ? null : 360,
      video_codec: high.video_codec === null ? null : 'h264',
    });
  }
  return streams;
}

export interface AgentBatch {
  /** How many devices (default AGENT_COUNT). */
  count?: number;
  /** The first id (default 1001); later ids follow with gaps of 1-3. */
  firstId?: number;
  /** Added to the device index for camera and storage ids, so devices added later do not reuse them. */
  indexOffset?: number;
}

/** Camera-agent devices: ids start at 1001 with small gaps, so a missing id between two real ones exists. */
export function generateAgents(
  random: Random,
  anchorMs: number,
  tree: readonly TreeElement[],
  leafIds: readonly number[],
  batch: AgentBatch = {},
): AgentDevice[] {
  const names = new Map(tree.map((el) => [el.id, el.name]));
  const agents: AgentDevice[] = [];
  let id = batch.firstId ?? FIRST_AGENT_ID;
  const offset = batch.indexOffset ?? 0;
  for (let n = 0; n < (batch.count ?? AGENT_COUNT); n += 1) {
    const i = n + offset;
    const vendor = random.pick(vendors);
    const groupId = random.pick(leafIds);
    const site = names.get(groupId) ?? 'Site';
    const placement = random.pick(placements);
    const createdMs = anchorMs - random.int(5, 900) * DAY_MS - random.int(0, DAY_MS - 1);
    const updatedMs = createdMs + random.int(0, Math.max(0, anchorMs - createdMs));
    const cameraId = 70_000 + i + 1;
    const ip = `192.168.${random.int(0, 20)}.${random.int(10, 250)}`;
    const mac = `${vendor.oui}:${random.hex(2)}:${random.hex(2)}:${random.hex(2)}`.toUpperCase();
    const serial = `${vendor.modelPrefix}${random.int(2019, 2024)}${random.hex(4).toUpperCase()}${random.int(10_000_000, 99_999_999)}`;
    const cloud = random.chance(0.6);
    const local = !cloud || random.chance(0.4);
    const streams = cameraStreams(random, cameraId, ip, vendor);
    agents.push({
      id,
      name: `Agent ${site} ${placement}`,
      uuid: random.uuid(),
      mac,
      serial_number: serial,
      status: 'activated',
      is_online: random.chance(0.75),
      version: `2.${random.int(8, 14)}.${random.int(0, 9)}`,
      last_updated_at: random.chance(0.15) ? null : stamp(random, updatedMs),
      created_at: stamp(random, createdMs),
      updated_at: stamp(random, updatedMs),
      storages: storages(random, i + 1),
      camera: {
        id: cameraId,
        group_id: groupId,
        status: 'initial',
        type: 'mediaagent',
        start_at: random.chance(0.3) ? null : stamp(random, createdMs + random.int(60_000, DAY_MS)),
        created_at: stamp(random, createdMs),
        billing_id: random.chance(0.4) ? null : random.int(100_000, 999_999),
        pretty_name: `${site} ${placement}`,
        original_name: `${vendor.name} ${vendor.modelPrefix}`,
        lat: random.chance(0.3) ? null : random.float(36, 60, 6),
        lng: random.chance(0.3) ? null : random.float(-9, 28, 6),
        azimuth: random.chance(0.5) ? null : random.int(0, 359),
        streams,
        has_sound: streams[0]?.has_sound ?? false,
        archive_recording_type: 'fulltime',
        can_change_archive_timetable: random.chance(0.5),
        is_bridge: false,
        is_agent: true,
        is_intercom: random.chance(0.05),
        is_cloud_archive_enabled: cloud,
        is_local_archive_enabled: local,
        cloud_archive_storage_days: cloud ? random.pick([7, 14, 30]) : 0,
        local_archive_storage_days: local ? random.pick([3, 7, 14]) : 0,
        ip,
        port: 554,
        is_favorite: random.chance(0.1),
        is_restricted_live: random.chance(0.5) ? null : random.chance(0.2),
        is_restricted_archive: random.chance(0.5) ? null : random.chance(0.2),
        user_status: 'active',
        note: random.chance(0.7) ? null : random.pick(['Mounted under canopy', 'Replace lens in spring', 'IR weak at night']),
        name: `${site} ${placement}`,
      },
    });
    id += random.int(1, 3);
  }
  return agents;
}
