import { describe, expect, it } from 'vitest';
import { observationOf, okRow, okRowUnchanged, pendingRow, rowChanged, streamSummary } from '../../../main/agents/watch-observation';
import { cameraAgentSchema, type CameraAgent } from '../../../preload/contract/wire/platform';
import { inactiveStreams } from '../../../preload/contract/agents-rules';
import { storageReadings } from '../../../main/agents/watch-storage-readings';
import { cameraAgent as documented, cameraStream } from '../platform/samples';

const AT = Date.parse('2026-11-26T10:00:00Z');

function device(change: (d: CameraAgent) => void = () => undefined): CameraAgent {
  const d = cameraAgentSchema.parse(structuredClone(documented));
  change(d);
  return d;
}

function observed(d: CameraAgent, at = AT) {
  return observationOf(d, at, storageReadings(d.storages));
}

describe('a steady device on the watch list', () => {
  const before = device();
  const row = okRow(pendingRow('17'), before, observed(before));

  // The runner keeps a row when okRowUnchanged says so: it must agree with building the row and comparing it.
  const cases: Array<[string, (d: CameraAgent) => void]> = [
    ['nothing changed', () => undefined],
    ['it went offline', (d) => void (d.is_online = false)],
    ['it was renamed', (d) => void (d.name = 'Agent Hall')],
    ['its version changed', (d) => void (d.version = '2.5.0')],
    ['its MAC changed', (d) => void (d.mac = '11:22:33:44:55:66')],
    ['its serial changed', (d) => void (d.serial_number = 'AG-18')],
    ['it reported a new time', (d) => void (d.last_updated_at = '2026-11-26T09:59:00Z')],
    ['its disk filled up', (d) => void (d.storages[0]!.usage = 500_000)],
    ['a stream stopped', (d) => void (d.camera.streams = [{ ...cameraStream, type: 'high', status: 'stopped' }])],
    ['its streams went away', (d) => void (d.camera.streams = [])],
  ];
  for (const [what, change] of cases) {
    it(`is told unchanged exactly when a rebuilt row reads the same: ${what}`, () => {
      const after = device(change);
      const observation = observed(after, AT + 60_000);
      expect(okRowUnchanged(row, after, observation)).toBe(!rowChanged(row, okRow(row, after, observation)));
    });
  }

  it('is not unchanged when its row was a failure or still pending', () => {
    const d = device();
    expect(okRowUnchanged({ ...row, state: 'failed', error: 'gone', errorKind: 'NotFound' }, d, observed(d))).toBe(false);
    expect(okRowUnchanged(pendingRow('17'), d, observed(d))).toBe(false);
  });
});

describe('the streams column', () => {
  const summary = (statuses: Array<string | null>) =>
    streamSummary({ streams: statuses.map((status, i) => ({ type: i === 0 ? 'high' : 'low', status })) });

  it('reads none, active, unknown or inactive as the stream rule does', () => {
    expect(summary([])).toBe('none');
    expect(summary(['active', ' Active '])).toBe('active');
    expect(summary(['active', null])).toBe('unknown');
    expect(summary([null, 'stopped'])).toBe('inactive');
    for (const statuses of [['active'], ['ACTIVE', 'paused'], [null], [null, 'error']]) {
      const streams = statuses.map((status) => ({ type: 'high', status }));
      expect(summary(statuses) === 'inactive').toBe(inactiveStreams({ streams }).length > 0);
    }
  });
});

describe("an answer's observation", () => {
  it("reads the device's report time as the rules take it: milliseconds, or null when absent or not a date", () => {
    expect(observed(device((d) => void (d.last_updated_at = '2026-11-26T09:59:00Z'))).lastUpdatedAt).toBe(Date.parse('2026-11-26T09:59:00Z'));
    expect(observed(device((d) => void (d.last_updated_at = null))).lastUpdatedAt).toBeNull();
    expect(observed(device((d) => void (d.last_updated_at = 'yesterday'))).lastUpdatedAt).toBeNull();
  });

  it('carries the answer as the rules read it', () => {
    const d = device((x) => void (x.storages = [{ id: 1, path: '/a', usage: 90, capacity: 100 }]));
    expect(observed(d, AT)).toMatchObject({ at: AT, online: d.is_online, version: d.version, streams: d.camera.streams, worstPercent: 90 });
  });
});
