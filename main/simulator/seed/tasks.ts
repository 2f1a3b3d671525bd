import type { Random } from '../prng';
import { DAY_MS, formatMicroIso } from '../time-format';
import { analyticsCaseTypes } from './names';
import type { AnalyticsTask, StreamEntry } from './types';

export const TASK_COUNT = 40;

/** Analytics tasks bound to high streams; face and plate recognition tasks carry collections. */
export function generateTasks(random: Random, anchorMs: number, streams: readonly StreamEntry[]): AnalyticsTask[] {
  const high = streams.filter((s) => s.type === 'high');
  const tasks: AnalyticsTask[] = [];
  for (let i = 1; i <= TASK_COUNT; i += 1) {
    const stream = random.pick(high);
    const caseType = analyticsCaseTypes[(i - 1) % analyticsCaseTypes.length] ?? 'line-crossing';
    const recognition = caseType === 'face-recognition' || caseType === 'license-plate-recognition';
    tasks.push({
      id: 3000 + i,
      uid: `task-${String(i).padStart(4, '0')}`,
      CaseType: caseType,
      CameraGroupUid: `cg-${random.hex(8)}`,
      ...(recognition ? { Collections: [`col-${random.hex(8)}`] } : {}),
      Source: { Uid: stream.uid, Url: stream.url },
      Pipeline: {
        ...(recognition ? { Detector: { ScoreThreshold: random.float(0.5, 0.9, 2) } } : {}),
        Fences: caseType === 'line-crossing' ? [{ Points: [[0.1, 0.5], [0.9, 0.5]] }] : [],
        Areas: caseType === 'intrusion-detection' ? [{ Points: [[0.2, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8]] }] : [],
      },
      updated_at: formatMicroIso(anchorMs - random.int(1, 200) * DAY_MS, random.int(0, 999)),
    });
  }
  return tasks;
}
