import { describe, expect, it } from 'vitest';
import { DeviceReadings } from '../../../main/agents/watch-device-readings';
import { cameraAgentSchema, type CameraAgent } from '../../../preload/contract/wire/platform';
import { storageUsages } from '../../../preload/contract/agents-storage';
import { cameraAgent as documented } from '../platform/samples';

/** A fresh answer for the documented device (a new object each time, as each poll parses one). */
function answer(change: (d: CameraAgent) => void = () => undefined): CameraAgent {
  const d = cameraAgentSchema.parse(structuredClone(documented));
  change(d);
  return d;
}

/** What the readings must always be: those of the answer itself. */
function expectReadingsOf(reading: ReturnType<DeviceReadings['of']>, device: CameraAgent): void {
  expect(reading.usages).toEqual(storageUsages(device.storages).storages);
  const time = device.last_updated_at === null ? Number.NaN : Date.parse(device.last_updated_at);
  expect(reading.lastUpdatedAt).toBe(Number.isNaN(time) ? null : time);
}

describe("a watch cycle's readings of a device", () => {
  it('are those of the answer, and the same ones again while the device reports the same', () => {
    const readings = new DeviceReadings();
    const first = readings.of('17', answer());
    expectReadingsOf(first, answer());
    const again = readings.of('17', answer());
    expect(again).toBe(first);
  });

  const changes: Array<[string, (d: CameraAgent) => void]> = [
    ['a disk fills', (d) => (d.storages[0]!.usage += 1)],
    ['a disk grows', (d) => (d.storages[0]!.capacity *= 2)],
    ['a disk is mounted elsewhere', (d) => (d.storages[0]!.path = '/mnt/other')],
    ['a disk is replaced', (d) => (d.storages[0]!.id += 100)],
    ['a disk goes', (d) => d.storages.pop()],
    ['a disk comes', (d) => d.storages.push({ ...d.storages[0]!, id: 999 })],
    ['no disks', (d) => (d.storages.length = 0)],
    ['the device reports again', (d) => (d.last_updated_at = '2030-01-02T03:04:05Z')],
    ['the device reports no time', (d) => (d.last_updated_at = null)],
    ['the report time does not parse', (d) => (d.last_updated_at = 'yesterday')],
  ];
  it.each(changes)('follow the answer when %s', (_, change) => {
    const readings = new DeviceReadings();
    readings.of('17', answer());
    const changed = answer(change);
    expectReadingsOf(readings.of('17', changed), changed);
    // …and back.
    expectReadingsOf(readings.of('17', answer()), answer());
  });

  it('are kept per device, and forgotten on clear', () => {
    const readings = new DeviceReadings();
    const fuller = answer((d) => (d.storages[0]!.usage += 1));
    const a = readings.of('1', answer());
    const b = readings.of('2', fuller);
    expectReadingsOf(readings.of('1', answer()), answer());
    expectReadingsOf(readings.of('2', fuller), fuller);
    readings.clear();
    expect(readings.of('1', answer())).not.toBe(a);
    expect(readings.of('2', fuller)).not.toBe(b);
  });
});
