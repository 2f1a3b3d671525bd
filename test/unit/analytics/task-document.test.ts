import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkTaskBody } from '../../../preload/contract/analytics';
import {
  drawnShapes,
  formatDocument,
  isRecognitionCaseType,
  newShape,
  readFields,
  readShapes,
  withPoints,
  writeFields,
  writeShapes,
} from '../../../renderer/features/analytics/task-document';
import type { JsonObject } from '../../../renderer/features/analytics/json-path';

/** A body with members the form does not know, at every level. */
const operatorBody = (): JsonObject => ({
  CaseType: 'line_crossing',
  CameraGroupUid: 'cg-1',
  Regions: [{ Name: 'gate', Id: 7 }],
  Source: { Uid: 'cam-1', Url: 'rtsp://10.0.0.5/main', Transport: 'tcp' },
  Pipeline: {
    Tracker: { MaxAge: 30 },
    Detector: { ScoreThreshold: 0.65, Model: 'v3' },
    Fences: [{ Name: 'entrance', Direction: 'in', Points: [[0.1, 0.5], [0.9, 0.5]] }],
    Areas: [{ Points: [{ X: 0.2, Y: 0.2 }, { X: 0.8, Y: 0.2 }, { X: 0.8, Y: 0.8 }] }, 'kept-as-is'],
  },
  Extra: null,
});

const jsonValue = fc.jsonValue({ maxDepth: 3 });

describe('the body round trip', () => {
  it('writing back the fields it read gives the same document, unknown members included', () => {
    const doc = operatorBody();
    expect(writeFields(doc, readFields(doc))).toBe(doc);
    for (const kind of ['area', 'fence'] as const) expect(writeShapes(doc, kind, readShapes(doc, kind).elements)).toBe(doc);
  });

  it('changing one field changes only that member', () => {
    const doc = operatorBody();
    const next = writeFields(doc, { ...readFields(doc), sourceUrl: 'rtsp://10.0.0.6/main' });
    expect(next).toEqual({ ...doc, Source: { Uid: 'cam-1', Url: 'rtsp://10.0.0.6/main', Transport: 'tcp' } });
    expect(Object.keys(next)).toEqual(Object.keys(doc));
  });

  it('clearing the threshold removes it and keeps the detector’s other members', () => {
    const next = writeFields(operatorBody(), { scoreThreshold: null });
    expect(next.Pipeline).toMatchObject({ Detector: { Model: 'v3' }, Tracker: { MaxAge: 30 } });
    expect((next.Pipeline as JsonObject).Detector).not.toHaveProperty('ScoreThreshold');
  });

  it('clearing the only detector member leaves no empty Detector, and keeps Pipeline', () => {
    const next = writeFields({ CaseType: 'x', Pipeline: { Detector: { ScoreThreshold: 0.5 } } }, { scoreThreshold: null });
    expect(next).toEqual({ CaseType: 'x', Pipeline: {} });
  });

  it('setting Collections on a body without them adds the member', () => {
    expect(writeFields({ CaseType: 'face_recognition' }, { collections: ['col-1'] })).toEqual({ CaseType: 'face_recognition', Collections: ['col-1'] });
  });

  it('moving a point writes the element in its own form, with its other members', () => {
    const doc = operatorBody();
    const areas = readShapes(doc, 'area');
    const [area] = drawnShapes(areas);
    const moved = withPoints(area!, [[0.25, 0.2], ...area!.points.slice(1)]);
    const next = writeShapes(doc, 'area', [moved, areas.elements[1]!]);
    expect((next.Pipeline as JsonObject).Areas).toEqual([{ Points: [{ X: 0.25, Y: 0.2 }, { X: 0.8, Y: 0.2 }, { X: 0.8, Y: 0.8 }] }, 'kept-as-is']);
    const fences = drawnShapes(readShapes(doc, 'fence'));
    const line = writeShapes(doc, 'fence', [withPoints(fences[0]!, [[0.1, 0.4], [0.9, 0.4]])]);
    expect((line.Pipeline as JsonObject).Fences).toEqual([{ Name: 'entrance', Direction: 'in', Points: [[0.1, 0.4], [0.9, 0.4]] }]);
  });

  it('keeps elements it cannot draw, in place, and says the member is not a list when it is not', () => {
    const areas = readShapes(operatorBody(), 'area');
    expect(areas.elements.map((e) => e.drawable)).toEqual([true, false]);
    expect(readShapes({ Pipeline: { Areas: { a: 1 } } }, 'area').notAList).toBe(true);
  });

  it('new shapes take the simulator’s form {Points: [[x, y]]}', () => {
    const next = writeShapes({ CaseType: 'x' }, 'area', [newShape('area', 0, [[0.1, 0.1], [0.2, 0.1], [0.2, 0.2]])]);
    expect(next).toEqual({ CaseType: 'x', Pipeline: { Areas: [{ Points: [[0.1, 0.1], [0.2, 0.1], [0.2, 0.2]] }] } });
  });

  it('for any extra members, editing every field and shape leaves them as they were', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }).filter((k) => !['CaseType', 'CameraGroupUid', 'Source', 'Pipeline', 'Collections', '__proto__'].includes(k)), jsonValue), jsonValue, jsonValue, (extra, pipelineExtra, sourceExtra) => {
        const doc: JsonObject = { ...extra, CaseType: 'a', CameraGroupUid: 'b', Source: { Uid: 'c', Url: 'd', Other: sourceExtra }, Pipeline: { Other: pipelineExtra } };
        let next = writeFields(doc, { caseType: 'A', cameraGroupUid: 'B', sourceUid: 'C', sourceUrl: 'D', collections: ['x'], scoreThreshold: 0.4 });
        next = writeShapes(next, 'area', [newShape('area', 0, [[0, 0], [1, 0], [1, 1]])]);
        next = writeShapes(next, 'fence', [newShape('fence', 0, [[0, 0.5], [1, 0.5]])]);
        for (const key of Object.keys(extra)) expect(next[key]).toEqual(extra[key]);
        expect((next.Source as JsonObject).Other).toEqual(sourceExtra);
        expect((next.Pipeline as JsonObject).Other).toEqual(pipelineExtra);
        expect(JSON.stringify(JSON.parse(JSON.stringify(next)))).toBe(JSON.stringify(next));
      }),
      { numRuns: 60 },
    );
  });
});

describe('what the spec says about the body', () => {
  it('accepts a complete body with unknown members, any case type and any threshold', () => {
    expect(checkTaskBody(operatorBody())).toEqual([]);
    expect(checkTaskBody({ ...operatorBody(), CaseType: 'vendor_specific_type', Pipeline: { Detector: { ScoreThreshold: 42 } } })).toEqual([]);
  });

  it('names each missing required member by its dotted path', () => {
    expect(checkTaskBody({}).map((issue) => issue.path)).toEqual(['CaseType', 'CameraGroupUid', 'Source.Uid', 'Source.Url']);
  });

  it('refuses wrong types where the spec states them', () => {
    const issues = checkTaskBody({ ...operatorBody(), Collections: 'col-1', Pipeline: { Detector: { ScoreThreshold: '0.5' }, Areas: {} } });
    expect(issues.map((issue) => issue.path)).toEqual(['Collections', 'Pipeline.Detector.ScoreThreshold', 'Pipeline.Areas']);
  });

  it('reads recognition case types from their names', () => {
    expect(isRecognitionCaseType('face_recognition')).toBe(true);
    expect(isRecognitionCaseType('license_plate_recognition')).toBe(true);
    expect(isRecognitionCaseType('line_crossing')).toBe(false);
  });
});

describe('form text as typed', async () => {
  const { parseCollections, parseThreshold } = await import('../../../renderer/features/analytics/task-form');

  it('reads one collection uid per line, ignoring blank lines and spaces', () => {
    expect(parseCollections(' col-1 \n\n col-2\r\n')).toEqual(['col-1', 'col-2']);
  });

  it('reads a threshold with a point or a comma, empty as none, and refuses words — with no range of its own', () => {
    expect(parseThreshold('0.75')).toEqual({ ok: true, value: 0.75 });
    expect(parseThreshold('0,5')).toEqual({ ok: true, value: 0.5 });
    expect(parseThreshold('  ')).toEqual({ ok: true, value: null });
    expect(parseThreshold('87')).toEqual({ ok: true, value: 87 });
    expect(parseThreshold('high')).toEqual({ ok: false });
    expect(parseThreshold('0.5.1')).toEqual({ ok: false });
  });
});

describe('the body as JSON text', () => {
  it('puts each point on one line and parses back to the same body', () => {
    const doc: JsonObject = { CaseType: 'x [\n 1 ]', Pipeline: { Areas: [{ Points: [[0.25, 0.4], [1, -0.5], [1e-7, 3]] }], Tags: ['a', 'b'] } };
    const text = formatDocument(doc);
    expect(text).toContain('"Points": [\n');
    expect(text).toContain('[0.25, 0.4]');
    expect(text).toContain('[1e-7, 3]');
    expect(text).toContain('"a",\n');
    expect(JSON.parse(text)).toEqual(doc);
  });

  it('gives back any JSON body unchanged in meaning', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (doc) => JSON.stringify(JSON.parse(formatDocument(doc))) === JSON.stringify(doc)),
      { numRuns: 300 },
    );
  });
});
