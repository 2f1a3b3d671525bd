import type { AgentDevice } from './types';

/**
 * Device shapes every seed has, on its first seeded devices, so tests and demos can open each kind by name
 * (`state.agentShapes`). Applied after generation without drawing random numbers, so the rest of the seed is unchanged.
 */
export const agentShapes = ['offline', 'no-storages', 'four-storages', 'nulls', 'no-low-stream', 'credentials'] as const;
export type AgentShape = (typeof agentShapes)[number];

/** The password put into the credentials device's stream URLs (tests check it is masked, revealed and copied). */
export const SHAPE_RTSP_PASSWORD = 'Rtsp-Pa55';
export const SHAPE_RTSP_TOKEN = 'tk-5f2a9c';

function shape(device: AgentDevice, kind: AgentShape): AgentDevice {
  const camera = device.camera;
  switch (kind) {
    case 'offline':
      return { ...device, is_online: false };
    case 'no-storages':
      return { ...device, is_online: true, storages: [] };
    case 'four-storages': {
      // One disk in each usage band: comfortable, warning, alarm, and nearly empty.
      const capacities = [953_869, 1_907_729, 3_815_447, 476_940];
      const fill = [0.42, 0.84, 0.96, 0.03];
      return {
        ...device,
        is_online: true,
        storages: capacities.map((capacity, s) => ({
          id: device.id * 10 + s + 1,
          path: s === 0 ? '/var/lib/mediaagent/archive' : `/mnt/disk${s}`,
          usage: Math.round(capacity * fill[s]! * 100) / 100,
          capacity,
        })),
      };
    }
    case 'nulls':
      return {
        ...device,
        last_updated_at: null,
        camera: {
          ...camera,
          start_at: null,
          billing_id: null,
          lat: null,
          lng: null,
          azimuth: null,
          is_restricted_live: null,
          is_restricted_archive: null,
          note: null,
          streams: camera.streams.map((s) => ({
            ...s,
            is_archive_from_server: null,
            status: null,
            width: null,
            height: null,
            video_codec: null,
            audio_codec: null,
          })),
        },
      };
    case 'no-low-stream':
      return { ...device, camera: { ...camera, streams: camera.streams.filter((s) => s.type === 'high') } };
    case 'credentials':
      return {
        ...device,
        is_online: true,
        camera: {
          ...camera,
          streams: camera.streams.map((s) => ({
            ...s,
            url: s.url.replace('rtsp://', `rtsp://admin:${SHAPE_RTSP_PASSWORD}@`) + (s.url.includes('?') ? '&' : '?') + `token=${SHAPE_RTSP_TOKEN}`,
          })),
        },
      };
  }
}

/** Shapes the first seeded devices and says which id has which shape. */
export function applyAgentShapes(agents: AgentDevice[]): { agents: AgentDevice[]; shapes: Record<AgentShape, number> } {
  const shapes = {} as Record<AgentShape, number>;
  const out = [...agents];
  agentShapes.forEach((kind, index) => {
    const device = out[index];
    if (!device) return;
    out[index] = shape(device, kind);
    shapes[kind] = device.id;
  });
  return { agents: out, shapes };
}
