import { describe, expect, it } from 'vitest';
import { TaskEditor } from '../../../../renderer/features/analytics/editor-state.svelte';
import { newShape } from '../../../../renderer/features/analytics/task-document';

const task = { CaseType: 'line-crossing', CameraGroupUid: 'cg-1', Source: { Uid: 'cam-1', Url: 'rtsp://camera/1' }, Pipeline: { Fences: [], Areas: [] }, Regions: [{ Name: 'gate' }] };
const square = [[0.2, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8]] as const;
const idle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('TaskEditor', () => {
  it('shows a loaded body in its fields and shapes, with nothing to undo and the body as the baseline', () => {
    const editor = new TaskEditor();
    editor.load({ ...task, Pipeline: { Areas: [{ Points: square }], Fences: [] } });
    expect(editor.fields).toMatchObject({ caseType: 'line-crossing', cameraGroupUid: 'cg-1', sourceUid: 'cam-1' });
    expect(editor.drawn('area').map((shape) => shape.points)).toEqual([square]);
    expect(editor.issues).toEqual([]);
    expect(editor.canUndo).toBe(false);
    expect(editor.baseline).toMatchObject({ source: 'start', at: null });
    expect(editor.baseline.doc).toBe(editor.doc);
  });

  it('undoes and redoes field changes one at a time; a new change drops what could be redone', () => {
    const editor = new TaskEditor();
    editor.load(task);
    editor.setFields({ cameraGroupUid: 'cg-2' });
    editor.setFields({ sourceUid: 'cam-2' });
    expect(editor.fields).toMatchObject({ cameraGroupUid: 'cg-2', sourceUid: 'cam-2' });
    editor.undo();
    expect(editor.fields).toMatchObject({ cameraGroupUid: 'cg-2', sourceUid: 'cam-1' });
    editor.undo();
    expect(editor.fields.cameraGroupUid).toBe('cg-1');
    expect(editor.canUndo).toBe(false);
    editor.redo();
    expect(editor.fields.cameraGroupUid).toBe('cg-2');
    editor.setFields({ caseType: 'face-recognition' });
    expect(editor.canRedo).toBe(false);
    // Members the form does not show travel unchanged.
    expect(editor.doc.Regions).toEqual([{ Name: 'gate' }]);
  });

  it('a drag is one step of undo however many moves it took', () => {
    const editor = new TaskEditor();
    editor.load(task);
    editor.setShapes('fence', [newShape('fence', 0, [[0.1, 0.5], [0.9, 0.5]])]);
    const drawn = editor.drawn('fence')[0]!;
    editor.beginGesture();
    for (const y of [0.55, 0.6, 0.65]) editor.liveShapes('fence', [{ ...drawn, points: [[0.1, y], [0.9, 0.5]] }]);
    editor.endGesture();
    expect(editor.drawn('fence')[0]?.points).toEqual([[0.1, 0.65], [0.9, 0.5]]);
    editor.undo();
    expect(editor.drawn('fence')[0]?.points).toEqual([[0.1, 0.5], [0.9, 0.5]]);
    editor.undo();
    expect(editor.drawn('fence')).toEqual([]);
  });

  it('JSON typed by hand replaces the body when it parses, and is kept for fixing (with the reason) when not', async () => {
    const editor = new TaskEditor();
    editor.load(task);
    editor.editJson('{"CaseType": "people-counting", "CameraGroupUid": "cg-9"');
    expect(editor.jsonProblem?.reason).toBe('notJson');
    expect(editor.fields.caseType).toBe('line-crossing');
    editor.settleJson();
    expect(editor.jsonText).toBe('{"CaseType": "people-counting", "CameraGroupUid": "cg-9"');

    editor.editJson('[1, 2]');
    expect(editor.jsonProblem?.reason).toBe('notObject');

    editor.editJson('{"CaseType": "people-counting", "CameraGroupUid": "cg-9"}');
    expect(editor.jsonProblem).toBeNull();
    expect(editor.fields).toMatchObject({ caseType: 'people-counting', cameraGroupUid: 'cg-9' });
    editor.settleJson();
    await idle();
    expect(JSON.parse(editor.jsonText)).toEqual({ CaseType: 'people-counting', CameraGroupUid: 'cg-9' });
    editor.undo();
    expect(editor.fields.caseType).toBe('line-crossing');
  });

  it('the JSON text catches up with the body once the page is idle, not in the frame of the change', async () => {
    const editor = new TaskEditor();
    editor.load(task);
    await idle();
    editor.setFields({ cameraGroupUid: 'cg-late' });
    expect(editor.jsonPending).toBe(true);
    expect(editor.jsonText).not.toContain('cg-late');
    await idle();
    expect(editor.jsonPending).toBe(false);
    expect(editor.jsonText).toContain('cg-late');
  });

  it('after a send the body sent is the baseline; a text box that does not parse is remembered until the next load', () => {
    const editor = new TaskEditor();
    editor.load(task);
    editor.setFields({ cameraGroupUid: 'cg-sent' });
    editor.markSent('2026-11-26T09:00:00.000Z');
    expect(editor.baseline).toMatchObject({ source: 'sent', at: '2026-11-26T09:00:00.000Z' });
    expect(editor.baseline.doc).toBe(editor.doc);

    editor.setUnparsed('Pipeline.Detector.ScoreThreshold', true);
    expect([...editor.unparsed]).toEqual(['Pipeline.Detector.ScoreThreshold']);
    editor.load(task);
    expect(editor.unparsed.size).toBe(0);
  });

  it('keeps the last 200 steps of undo', () => {
    const editor = new TaskEditor();
    editor.load(task);
    for (let i = 1; i <= 205; i += 1) editor.setFields({ cameraGroupUid: `cg-${i}` });
    let steps = 0;
    while (editor.canUndo) {
      editor.undo();
      steps += 1;
    }
    expect(steps).toBe(200);
    expect(editor.fields.cameraGroupUid).toBe('cg-5');
  });
});
