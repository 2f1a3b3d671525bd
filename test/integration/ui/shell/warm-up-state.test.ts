import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../../support/dbus';
import { startRegistryApp, type RegistryApp } from '../../../support/registry-app';
import { registryBridge } from '../../../support/registry-bridge';
import { WARM_UP_MARK, WarmUpState } from '../../../../renderer/lib/warm-up-state.svelte';
import { warmTimeZones } from '../../../../renderer/lib/time-zone-warm-up';

describe('the time-zone warm-up', () => {
  it('reads the system zone and the zone list the dashboard offers', () => {
    const warmth = warmTimeZones('ru', new Date('2026-11-26T09:00:00Z'));
    expect(warmth.zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(warmth.zones).toBe(Intl.supportedValuesOf('timeZone').length);
    expect(warmth.ms).toBeGreaterThanOrEqual(0);
  });
});

describe.skipIf(!hasDbus)('the page warm-up over the real main process', () => {
  let registryApp: RegistryApp;
  beforeEach(async () => {
    registryApp = await startRegistryApp('warm-up-state');
    performance.clearMarks(WARM_UP_MARK);
  });
  afterEach(async () => {
    await registryApp.app.dispose();
  });

  it('warms the time zones and main’s HTTP stack once, and leaves a mark saying what each took', async () => {
    const warmUp = new WarmUpState(registryBridge(registryApp));
    expect(warmUp.http).toEqual({ state: 'cold' });
    await warmUp.run('en');
    expect(warmUp.timeZones?.zones).toBeGreaterThan(0);
    expect(warmUp.http.state).toBe('warm');
    const marks = performance.getEntriesByName(WARM_UP_MARK) as PerformanceMark[];
    expect(marks.map((mark) => mark.detail)).toEqual([{ timeZones: warmUp.timeZones, http: warmUp.http }]);

    await warmUp.run('en');
    expect(performance.getEntriesByName(WARM_UP_MARK)).toHaveLength(1);
  });
});
