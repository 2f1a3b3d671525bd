import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDeviceCache } from '../../../main/agents/device-cache';
import { createSealer, migrations, openStorage } from '../../../main/storage';
import { cameraAgentSchema } from '../../../preload/contract/wire/platform';

/** A device answer as the server sent it (from the fixtures an earlier version wrote), with credentials in its stream link. */
function deviceAnswer() {
  const agents = join(import.meta.dirname, '..', '..', 'fixtures', 'legacy', 'rest', 'agents');
  const profile = readdirSync(agents).find((name) => !name.endsWith('.json'))!;
  const { raw } = JSON.parse(readFileSync(join(agents, profile, 'devices', '1001.json'), 'utf8')) as { raw: string };
  const text = raw.replace(/rtsp:\/\/[^@"]*@/, 'rtsp://admin:Cam-Secret-9@');
  return { text, device: cameraAgentSchema.parse(JSON.parse(text)) };
}

describe('the device cache', () => {
  it('keeps the copy masked and sealed, and reads it back with the same data key', async () => {
    const storage = openStorage({ folder: 'memory', migrations, inMemory: true });
    const sealer = createSealer(randomBytes(32));
    const cache = createDeviceCache(storage, async () => sealer);
    const { text, device } = deviceAnswer();
    expect(text).toContain('Cam-Secret-9');
    await cache.save('profile-1', '1001', device, text, '2026-11-20T10:00:00.000Z');
    const copy = await cache.load('profile-1', '1001');
    expect(copy).toMatchObject({ id: '1001', fetchedAt: '2026-11-20T10:00:00.000Z', device: { id: 1001 } });
    expect(copy!.raw).not.toContain('Cam-Secret-9');
    expect(await cache.load('profile-2', '1001')).toBeNull();
    storage.close();
  });

  it('reads a copy sealed under another data key (a session-only run) as no copy, not as an error', async () => {
    const storage = openStorage({ folder: 'memory', migrations, inMemory: true });
    const { text, device } = deviceAnswer();
    await createDeviceCache(storage, async () => createSealer(randomBytes(32))).save('profile-1', '1001', device, text, '2026-11-20T10:00:00.000Z');
    expect(await createDeviceCache(storage, async () => createSealer(randomBytes(32))).load('profile-1', '1001')).toBeNull();
    const noKeychain = createDeviceCache(storage, async () => {
      throw new Error('Cannot autolaunch D-Bus');
    });
    expect(await noKeychain.load('profile-1', '1001')).toBeNull();
    storage.close();
  });
});
