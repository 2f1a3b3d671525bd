import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { resources, type MessageKey, type MessageValues } from '../../../preload/contract/messages';
import { describeChange, diffBodies } from '../../../renderer/features/analytics/body-diff';
import type { JsonObject } from '../../../renderer/features/analytics/json-path';
import { reviewProblems, type FormField } from '../../../renderer/features/analytics/task-form';

const i18n = i18next.createInstance();
void i18n.init({ resources, lng: 'en', initAsync: false, interpolation: { escapeValue: false } });
const tr = (key: MessageKey, values?: MessageValues) => i18n.t(key, values ?? {});

const zone = (x: number) => ({ Points: [[x, 0], [x + 0.1, 0], [x + 0.1, 0.1]] });
const body = (areas: unknown[]): JsonObject => ({ CaseType: 'intrusion', Pipeline: { Areas: areas, Fences: [] } });
const words = (a: JsonObject, b: JsonObject) => diffBodies(a, b).map((change) => describeChange(change, tr));

describe('the diff says removed only for what was removed', () => {
  it('deleting zone 2 of 3 says zone 2 removed, and nothing about zone 3', () => {
    expect(words(body([zone(0.1), zone(0.4), zone(0.7)]), body([zone(0.1), zone(0.7)]))).toEqual(['Zone 2 removed (it had 3 points).']);
  });

  it('adding a zone first says it was added, the others unchanged', () => {
    expect(words(body([zone(0.1), zone(0.4)]), body([zone(0.7), zone(0.1), zone(0.4)]))).toEqual(['Zone 1 added (3 points).']);
  });

  it('a zone reshaped in place is reshaped, not removed and added', () => {
    const moved = { Points: [[0.4, 0], [0.5, 0], [0.5, 0.2]] };
    const changes = words(body([zone(0.1), zone(0.4)]), body([zone(0.1), moved]));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatch(/^Zone 2/);
    expect(changes[0]).not.toMatch(/removed|added/);
  });
});

describe('the review before sending', () => {
  const base = { uid: 'task-1', issues: [], unparsed: new Set<FormField>(), caseType: 'intrusion', baseline: { caseType: 'intrusion', source: 'sent' as const } };

  it('stops on a threshold typed that is not a number (the body still holds the old value)', () => {
    const { errors } = reviewProblems({ ...base, unparsed: new Set<FormField>(['Pipeline.Detector.ScoreThreshold']) });
    expect(errors).toEqual({ 'Pipeline.Detector.ScoreThreshold': { key: 'analytics.check.thresholdNumber' } });
  });

  it('flags a case type other than the task’s before sending, naming both', () => {
    const { errors } = reviewProblems({ ...base, caseType: 'face_recognition' });
    expect(errors.CaseType).toEqual({ key: 'analytics.check.caseTypeChanged', values: { before: 'intrusion', after: 'face_recognition' } });
    expect(tr(errors.CaseType!.key, errors.CaseType!.values)).toContain('refuses to change it to “face_recognition”');
  });

  it('only warns when the body it started from was a draft or a file (the server may hold either)', () => {
    const checked = reviewProblems({ ...base, caseType: 'face_recognition', baseline: { caseType: 'intrusion', source: 'start' } });
    expect(checked.errors).toEqual({});
    expect(checked.caseTypeWarning?.key).toBe('analytics.check.caseTypeChangedLoaded');
    expect(reviewProblems({ ...base, baseline: { caseType: '', source: 'start' } }).caseTypeWarning).toBeNull();
  });

  it('asks for the identifier', () => {
    expect(reviewProblems({ ...base, uid: ' ' }).errors.uid).toEqual({ key: 'analytics.check.uidRequired' });
  });
});
