import { cameraAgentSchema, type CameraAgent } from '../../preload/contract/wire/platform';
import { maskRtspUrl } from '../../preload/contract/agents-rtsp';
import type { Storage } from '../storage/database';
import type { Sealer } from '../storage/sealer';
import { createDeviceCacheRepository, type DeviceCopy } from '../storage/repositories/device-cache-repository';
import { AppFailure } from '../shared/app-failure';
import { log } from '../shared/log';

/**
 * The last copy seen of each device per profile, for a look-up when the server cannot be reached. Stream credentials
 * are masked before the copy is kept (the copy says so: `credentialsKept: false`), and the copy is sealed as well.
 */
export interface CachedDevice {
  id: string;
  device: CameraAgent;
  /** The server's JSON text with stream credentials masked. */
  raw: string;
  fetchedAt: string;
}

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

/** The copies live in the database, sealed with the data key (asked of the keychain once). */
export function createDeviceCache(storage: Storage, sealer: () => Promise<Sealer>): DeviceCache {
  const repository = createDeviceCacheRepository(storage);
  return {
    async save(profileId, id, device, text, fetchedAt) {
      repository.save(await sealer(), profileId, { id, raw: maskRawText(text, device), fetchedAt });
    },
    async load(profileId, id) {
      let copy: DeviceCopy | null;
      try {
        copy = repository.load(await sealer(), profileId, id);
      } catch (error) {
        // A copy sealed under another data key (a session-only run, a keychain that was reset) or a keychain that does
        // not answer: the copy is only a convenience, so the look-up goes on as if there were none. A disk problem is
        // told as itself.
        if (error instanceof AppFailure && error.kind === 'StorageUnavailable') throw error;
        log.warn('agents', `the saved copy of a device could not be opened: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
      if (!copy) return null;
      return { id, raw: copy.raw, fetchedAt: copy.fetchedAt, device: cameraAgentSchema.parse(JSON.parse(copy.raw)) };
    },
    async clear(profileId) {
      repository.clear(profileId);
    },
  };
}
