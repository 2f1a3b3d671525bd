import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { cameraAgentSchema, type CameraAgent } from '../../preload/contract/wire/platform';
import { maskRtspUrl } from '../../preload/contract/agents-rtsp';
import { readFileIfExists, writeFileAtomic } from '../shared/atomic-file';
import { log } from '../shared/log';
import { profileFolder } from './profile-folder';

/**
 * The last copy seen of each device, one small file per device and profile (`agents/<profile>/devices/<id>.json`),
 * so a look-up rewrites one file, not a growing index. Not secret, so not encrypted: stream credentials are masked
 * before the copy is written, and the token never appears in an answer.
 */
export interface CachedDevice {
  id: string;
  device: CameraAgent;
  /** The server's JSON text with stream credentials masked. */
  raw: string;
  fetchedAt: string;
}

const cacheFileSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  fetchedAt: z.string(),
  raw: z.string(),
});

/** The device with every stream URL's credentials masked. */
function maskDevice(device: CameraAgent): CameraAgent {
  return { ...device, camera: { ...device.camera, streams: device.camera.streams.map((s) => ({ ...s, url: maskRtspUrl(s.url).masked })) } };
}

/**
 * The server's text with credentials masked, kept as close to the original as possible: each URL is replaced where
 * it appears, and only when that cannot be done (a server that escapes characters differently) is the whole answer
 * written out again from the masked object.
 */
export function maskRawText(text: string, device: CameraAgent): string {
  let out = text;
  for (const stream of device.camera.streams) {
    const { masked, hasCredentials } = maskRtspUrl(stream.url);
    if (hasCredentials) out = out.split(JSON.stringify(stream.url)).join(JSON.stringify(masked));
  }
  const check = cameraAgentSchema.safeParse(JSON.parse(out));
  const clean = check.success && check.data.camera.streams.every((s) => !maskRtspUrl(s.url).hasCredentials);
  return clean ? out : JSON.stringify(maskDevice(device));
}

export interface DeviceCache {
  save(profileId: string, id: string, device: CameraAgent, text: string, fetchedAt: string): Promise<void>;
  load(profileId: string, id: string): Promise<CachedDevice | null>;
  clear(profileId: string): Promise<void>;
}

export function createDeviceCache(dataDir: string): DeviceCache {
  const pathOf = (profileId: string, id: string) => join(profileFolder(dataDir, profileId), 'devices', `${id}.json`);
  return {
    async save(profileId, id, device, text, fetchedAt) {
      const raw = maskRawText(text, device);
      await writeFileAtomic(pathOf(profileId, id), JSON.stringify({ version: 1, id, fetchedAt, raw }) + '\n', { mode: 0o600 });
    },
    async load(profileId, id) {
      const path = pathOf(profileId, id);
      const bytes = await readFileIfExists(path);
      if (bytes === null) return null;
      try {
        const file = cacheFileSchema.parse(JSON.parse(bytes.toString('utf8')));
        return { id, raw: file.raw, fetchedAt: file.fetchedAt, device: cameraAgentSchema.parse(JSON.parse(file.raw)) };
      } catch {
        // A damaged copy is set aside (never read as "no copy" silently, never deleted): the next look-up replaces it.
        log.warn('agents', `cached copy of device ${id} is damaged; set aside`);
        await rename(path, `${path}.damaged-${Date.now()}`).catch(() => undefined);
        return null;
      }
    },
    async clear(profileId) {
      await rm(join(profileFolder(dataDir, profileId), 'devices'), { recursive: true, force: true });
    },
  };
}
