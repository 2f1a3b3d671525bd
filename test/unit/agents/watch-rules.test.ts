import { describe, expect, it } from 'vitest';
import {
  evaluateRule,
  factsOf,
  initialRuleState,
  nextDeviceState,
  type DeviceObservation,
  type DeviceWatchState,
  type RuleState,
  type WatchRule,
} from '../../../preload/contract/agents-rules';

const MIN = 60_000;
const base: DeviceObservation = { at: 0, online: true, lastUpdatedAt: null, worstPercent: 40, version: '2.12.1', streams: [{ type: 'high', status: null }] };

/** Feeds observations in order and returns the transitions (raise/clear/null) of each poll. */
function run(rule: WatchRule, observations: Partial<DeviceObservation>[]): (string | null)[] {
  let device: DeviceWatchState = { offlineSince: null };
  let state: RuleState = initialRuleState();
  return observations.map((partial, i) => {
    const observation = { ...base, at: i * MIN, ...partial };
    device = nextDeviceState(device, observation);
    const result = evaluateRule(rule, observation, device, state);
    state = result.state;
    return result.transition;
  });
}

describe('watch-list rules', () => {
  it('offline: raises once the device has been offline for the rule’s minutes, clears after two online polls', () => {
    const rule: WatchRule = { id: 'r', kind: 'offline', minutes: 3 };
    const online = { online: true };
    const offline = { online: false };
    expect(run(rule, [online, offline, offline, offline, offline, offline, online, online, online])).toEqual([
      null, null, null, null, 'raise', null, null, 'clear', null,
    ]);
  });

  it('offline: dates the outage from the device’s own last report when that is earlier', () => {
    const rule: WatchRule = { id: 'r', kind: 'offline', minutes: 10 };
    expect(run(rule, [{ online: false, lastUpdatedAt: -30 * MIN }])).toEqual(['raise']);
  });

  it('storage: raises after two polls at or over the threshold and clears only below it by the deadband', () => {
    const rule: WatchRule = { id: 'r', kind: 'storage', percent: 90 };
    const at = (worstPercent: number) => ({ worstPercent });
    expect(run(rule, [at(91), at(92), at(89), at(89), at(87), at(87)])).toEqual([null, 'raise', null, null, null, 'clear']);
  });

  it('version: raises when a device runs another version, clears when it runs the expected one again', () => {
    const rule: WatchRule = { id: 'r', kind: 'version', expected: '2.12.1' };
    expect(run(rule, [{ version: '2.9.0' }, { version: '2.9.0' }, { version: '2.12.1' }, { version: '2.12.1' }])).toEqual([null, 'raise', null, 'clear']);
  });

  it('stream: raises when a stream reports a status other than active; a null status counts as not reported', () => {
    const rule: WatchRule = { id: 'r', kind: 'stream' };
    const inactive = { streams: [{ type: 'high', status: 'inactive' }] };
    const unknown = { streams: [{ type: 'high', status: null }] };
    const active = { streams: [{ type: 'high', status: 'Active' }] };
    expect(run(rule, [unknown, unknown, inactive, inactive, active, active])).toEqual([null, null, null, 'raise', null, 'clear']);
  });

  it('does not alert a device that flaps every poll (hysteresis)', () => {
    const rule: WatchRule = { id: 'r', kind: 'storage', percent: 90 };
    const flapping = Array.from({ length: 20 }, (_, i) => ({ worstPercent: i % 2 === 0 ? 95 : 50 }));
    expect(run(rule, flapping).filter(Boolean)).toEqual([]);
  });

  it('keeps a raised alert while the device flaps back and forth', () => {
    const rule: WatchRule = { id: 'r', kind: 'version', expected: '1' };
    expect(run(rule, [{ version: '2' }, { version: '2' }, { version: '1' }, { version: '2' }, { version: '1' }, { version: '2' }])).toEqual([
      null, 'raise', null, null, null, null,
    ]);
  });

  it('puts the facts of an alert in numbers the screen can word', () => {
    const observation = { ...base, at: 12 * MIN, online: false, worstPercent: 93.456, version: '2.8.0', streams: [{ type: 'low', status: 'down' }] };
    const device = { offlineSince: 2 * MIN };
    expect(factsOf({ id: 'a', kind: 'offline', minutes: 5 }, observation, device)).toEqual({ minutes: 10 });
    expect(factsOf({ id: 'b', kind: 'storage', percent: 90 }, observation, device)).toEqual({ percent: 93.5 });
    expect(factsOf({ id: 'c', kind: 'version', expected: '2.9' }, observation, device)).toEqual({ version: '2.8.0' });
    expect(factsOf({ id: 'd', kind: 'stream' }, observation, device)).toEqual({ streams: ['low'] });
  });
});
