import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { resources, type MessageKey, type MessageValues } from '../../../preload/contract/messages';
import { describeChange, diffBodies } from '../../../renderer/features/analytics/body-diff';
import type { JsonObject } from '../../../renderer/features/analytics/json-path';

const i18n = i18next.createInstance();
void i18n.init({ resources, lng: 'en', initAsync: false, interpolation: { escapeValue: false } });
const tr = (key: MessageKey, values?: MessageValues) => i18n.t(key, values ?? {});

const before: JsonObject = {
  CaseType: 'face_recognition',
  CameraGroupUid: 'cg-1',
  Collections: ['col-a', 'col-b'],
  Source: { Uid: 'cam-1', Url: 'rtsp://a' },
  Regions: [1],
  Pipeline: {
    Detector: { ScoreThreshold: 0.6 },
    Tracker: { MaxAge: 30 },
    Areas: [{ Points: [[0.2, 0.2], [0.8, 0.2], [0.8, 0.8]] }, { Points: [[0, 0], [1, 0], [1, 1]] }],
    Fences: [],
  },
};

const words = (a: JsonObject, b: JsonObject) => diffBodies(a, b).map((change) => describeChange(change, tr));

describe('the diff of two bodies, in words', () => {
  it('says nothing changed for the same body', () => {
    expect(diffBodies(before, structuredClone(before))).toEqual([]);
  });

  it('names changed, added and removed fields with their values', () => {
    const after = { ...before, CameraGroupUid: 'cg-2', Source: { Uid: 'cam-1', Url: 'rtsp://b' }, Pipeline: { ...(before.Pipeline as JsonObject), Detector: {} } };
    expect(words(before, after)).toEqual(['Camera group uid: “cg-1” → “cg-2”.', 'Video stream link: “rtsp://a” → “rtsp://b”.', 'Score threshold removed (was 0.6).']);
  });

  it('lists collections added and removed', () => {
    expect(words(before, { ...before, Collections: ['col-b', 'col-c'] })).toEqual(['Collection added: col-c. Collection removed: col-a.']);
  });

  it('describes shapes by number: added, removed, moved, repointed', () => {
    const pipeline = before.Pipeline as JsonObject;
    const after = {
      ...before,
      Pipeline: {
        ...pipeline,
        Areas: [{ Points: [[0.25, 0.2], [0.8, 0.2], [0.8, 0.8]] }],
        Fences: [{ Points: [[0.1, 0.5], [0.9, 0.5]] }],
      },
    };
    expect(words(before, after)).toEqual(['Zone 1: 1 point moved.', 'Zone 2 removed (it had 3 points).', 'Line 1 added (2 points).']);
    const more = { ...before, Pipeline: { ...pipeline, Areas: [{ Points: [[0.2, 0.2], [0.5, 0.2], [0.8, 0.2], [0.8, 0.8]] }, pipeline.Areas && (pipeline.Areas as unknown[])[1]] } };
    expect(words(before, more)).toEqual(['Zone 1: 3 points → 4 points.']);
  });

  it('names members the form does not know by their path', () => {
    const after = { ...before, Regions: [1, 2], Pipeline: { ...(before.Pipeline as JsonObject), Tracker: { MaxAge: 10 } }, Note: 'x' };
    expect(words(before, after)).toEqual(['Regions: [1] → [1,2].', 'Pipeline.Tracker.MaxAge: 30 → 10.', 'Note added: “x”.']);
  });

  it('reports a changed member of a shape next to its points', () => {
    const b = { Pipeline: { Fences: [{ Name: 'a', Points: [[0, 0], [1, 1]] }] } };
    const a = { Pipeline: { Fences: [{ Name: 'b', Points: [[0, 0], [1, 1]] }] } };
    expect(words(b, a)).toEqual(['Pipeline.Fences.0.Name: “a” → “b”.']);
  });
});
