import { afterEach, describe, expect, it } from 'vitest';
import type { Connections } from '../../../main/app/connections';
import type { DeviceCache } from '../../../main/agents/device-cache';
import { createDeviceLookup } from '../../../main/agents/device-lookup';
import type { ShortcutStore } from '../../../main/agents/shortcut-store';
import { failureFromTransportError } from '../../../main/platform/errors';
import { setLanguage } from '../../../main/shared/i18n';
import { locale, spoken } from '../../../renderer/lib/i18n.svelte';

/** The last copy of a device shown when its server cannot be reached: its note follows a language switch. */
describe("a stale copy's note", () => {
  afterEach(() => {
    setLanguage('en');
    locale.set('en');
  });

  it('is said again in the language the page shows now', async () => {
    const offline = failureFromTransportError({ method: 'GET', path: '/api/v1/agents/7', host: 'vms.example:443' }, Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }), 'request', 5_000);
    const connections = {
      active: async () => ({ profile: { id: 'p', name: 'Site' }, client: { viewCameraAgent: async () => Promise.reject(offline) } }),
    } as unknown as Connections;
    const cache = { load: async () => ({ device: { id: 7 }, raw: '{}', fetchedAt: '2026-11-20T10:00:00.000Z' }) } as unknown as DeviceCache;
    const shortcuts = { get: async () => ({ pinned: [], recent: [] }) } as unknown as ShortcutStore;
    setLanguage('en');
    const snapshot = await createDeviceLookup(connections, cache, shortcuts).lookup('7');
    expect(snapshot.stale?.reason).toMatch(/^The server cannot be reached, so this is the last copy seen/);
    locale.set('ru');
    const russian = spoken({ message: snapshot.stale!.reason, said: snapshot.stale!.said });
    expect(russian).not.toBe(snapshot.stale!.reason);
    expect(russian.replace(/vms\.example:443/g, '')).not.toMatch(/[A-Za-z]{5,}/);
  });
});
