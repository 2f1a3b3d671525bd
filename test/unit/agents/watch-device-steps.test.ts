import { describe, expect, it } from 'vitest';
import { WatchDeviceSteps } from '../../../main/agents/watch-device-steps';
import { WatchRuleSteps } from '../../../main/agents/watch-rule-steps';
import { newDevice } from '../../../main/agents/watch-tracked-device';
import { observationOf } from '../../../main/agents/watch-observation';
import { storageReadings } from '../../../main/agents/watch-storage-readings';
import type { StoredList } from '../../../main/storage/repositories/watch-repository';
import { nextDeviceState, type DeviceWatchState } from '../../../preload/contract/agents-rules';
import { cameraAgentSchema, type CameraAgent } from '../../../preload/contract/wire/platform';
import { cameraAgent as documented } from '../platform/samples';

const MIN = 60_000;
const AT = Date.parse('2026-11-26T10:00:00Z');

const list: StoredList = {
  id: 'list',
  name: 'Fleet',
  profileId: 'profile',
  deviceIds: ['17'],
  intervalSec: 60,
  concurrency: 8,
  rules: [{ id: 'down', kind: 'offline', minutes: 5 }],
  active: true,
  notes: [],
  createdAt: new Date(AT).toISOString(),
};

function answer(online: boolean, reportedAt: string | null): CameraAgent {
  const d = cameraAgentSchema.parse(structuredClone(documented));
  d.is_online = online;
  d.last_updated_at = reportedAt;
  return d;
}

/** One poll of the device: an answer, or a read that failed for a reason of its own. */
type Poll = { online: boolean; reportedAt: string | null } | 'failed';

describe("a watched device's outage start", () => {
  const at = (minutes: number): string => new Date(AT + minutes * MIN).toISOString();
  // Steady offline answers (the same report time again and again), a report time that moves earlier and later, a
  // failed read between, back online and offline again with the report time the online answer had.
  const polls: Poll[] = [
    { online: false, reportedAt: at(-3) },
    { online: false, reportedAt: at(-3) },
    { online: false, reportedAt: at(-3) },
    { online: false, reportedAt: at(-10) },
    { online: false, reportedAt: at(-10) },
    { online: false, reportedAt: at(-1) },
    { online: false, reportedAt: at(-1) },
    'failed',
    { online: false, reportedAt: at(-20) },
    { online: false, reportedAt: null },
    { online: false, reportedAt: null },
    { online: true, reportedAt: at(12) },
    { online: false, reportedAt: at(12) },
    { online: false, reportedAt: at(12) },
    { online: false, reportedAt: at(11) },
  ];

  it('is what nextDeviceState makes of every answer, also when a steady offline answer is not worked out again', () => {
    let clock = AT;
    const steps = new WatchDeviceSteps('profile', { onTransitions: () => undefined, now: () => clock }, new WatchRuleSteps(list, () => false), {
      replaced: () => undefined,
      touched: () => undefined,
    });
    const tracked = newDevice('17');
    let expected: DeviceWatchState | undefined;
    const seen: Array<number | null | undefined> = [];
    for (const poll of polls) {
      clock += MIN;
      if (poll === 'failed') {
        steps.fail(tracked, new Error('the device answered garbage'));
      } else {
        const device = answer(poll.online, poll.reportedAt);
        steps.observe(tracked, device);
        expected = nextDeviceState(expected ?? { offlineSince: null }, observationOf(device, clock, storageReadings(device.storages)));
      }
      expect(tracked.offline?.offlineSince).toBe(expected?.offlineSince);
      seen.push(tracked.offline?.offlineSince);
    }
    // The outage is dated by the earliest report, ends when the device answers online, and starts again after.
    expect(seen).toEqual([
      AT - 3 * MIN,
      AT - 3 * MIN,
      AT - 3 * MIN,
      AT - 10 * MIN,
      AT - 10 * MIN,
      AT - 10 * MIN,
      AT - 10 * MIN,
      AT - 10 * MIN,
      AT - 20 * MIN,
      AT - 20 * MIN,
      AT - 20 * MIN,
      null,
      AT + 12 * MIN,
      AT + 12 * MIN,
      AT + 11 * MIN,
    ]);
  });
});
