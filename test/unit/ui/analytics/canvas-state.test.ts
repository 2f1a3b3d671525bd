import { beforeAll, describe, expect, it } from 'vitest';
import { TaskEditor } from '../../../../renderer/features/analytics/editor-state.svelte';
import { CanvasState } from '../../../../renderer/features/analytics/canvas-state.svelte';
import { locale } from '../../../../renderer/lib/i18n.svelte';

function drawing(): { editor: TaskEditor; canvas: CanvasState } {
  const editor = new TaskEditor();
  editor.load({ CaseType: 'line-crossing', CameraGroupUid: 'cg-1', Source: { Uid: 'cam-1', Url: 'rtsp://camera/1' }, Pipeline: { Areas: [], Fences: [] } });
  return { editor, canvas: new CanvasState(editor) };
}

function drawZone(canvas: CanvasState, points: Array<[number, number]>): void {
  canvas.setTool('area');
  for (const point of points) canvas.addDraftPoint(point);
  canvas.finishDraft();
}

describe('CanvasState', () => {
  beforeAll(() => locale.set('en'));

  it('draws a zone point by point, says each point, and selects the finished zone', () => {
    const { editor, canvas } = drawing();
    canvas.setTool('area');
    canvas.addDraftPoint([0.2, 0.3]);
    expect(canvas.announcement).toBe('Point 1 added at 0.2, 0.3');
    canvas.addDraftPoint([0.8, 0.3]);
    canvas.addDraftPoint([0.5, 0.9]);
    canvas.finishDraft();
    expect(editor.drawn('area').map((shape) => shape.points)).toEqual([[[0.2, 0.3], [0.8, 0.3], [0.5, 0.9]]]);
    expect(canvas.tool).toBe('select');
    expect(canvas.selection).toEqual({ kind: 'area', index: 0, point: null });
    expect(canvas.announcement).toBe('Zone 1 finished with 3 points');
  });

  it('a zone of two points is not added, and says why; points near an edge land on it while snap is on', () => {
    const { editor, canvas } = drawing();
    drawZone(canvas, [[0.01, 0.5], [0.5, 0.5]]);
    expect(editor.drawn('area')).toEqual([]);
    expect(canvas.announcement).toMatch(/at least 3 points/);

    canvas.setTool('fence');
    canvas.addDraftPoint([0.01, 0.5]);
    canvas.snap = false;
    canvas.addDraftPoint([0.99, 0.5]);
    canvas.finishDraft();
    expect(editor.drawn('fence')[0]?.points).toEqual([[0, 0.5], [0.99, 0.5]]);
  });

  it('drags a point: the body takes it once, on the drop, as one step of undo; a cancelled drag changes nothing', () => {
    const { editor, canvas } = drawing();
    drawZone(canvas, [[0.2, 0.2], [0.8, 0.2], [0.5, 0.8]]);
    const before = editor.doc;
    expect(canvas.beginDrag('area', 0, 2)).toBe(true);
    canvas.moveDrag([0.5, 0.6]);
    canvas.moveDrag([0.5, 0.7]);
    expect(editor.doc).toBe(before);
    expect(canvas.drag?.at).toEqual([0.5, 0.7]);
    canvas.endDrag();
    expect(editor.drawn('area')[0]?.points[2]).toEqual([0.5, 0.7]);
    expect(canvas.selection).toEqual({ kind: 'area', index: 0, point: 2 });
    editor.undo();
    expect(editor.doc).toBe(before);

    canvas.beginDrag('area', 0, 0);
    canvas.moveDrag([0.3, 0.3]);
    canvas.cancelDrag();
    expect(editor.doc).toBe(before);
    expect(canvas.drag).toBeNull();
  });

  it('a drag that makes a zone cross itself shows the crossing before the drop', () => {
    const { canvas } = drawing();
    drawZone(canvas, [[0.2, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8]]);
    canvas.beginDrag('area', 0, 3);
    canvas.moveDrag([0.9, 0.5]);
    expect(canvas.drag?.crossing).not.toBeNull();
    canvas.moveDrag([0.2, 0.9]);
    expect(canvas.drag?.crossing).toBeNull();
    canvas.endDrag();
  });

  it('moves, inserts and deletes points from the keyboard, and says when nothing is selected', () => {
    const { editor, canvas } = drawing();
    canvas.deleteSelectedPoint();
    expect(canvas.announcement).toBe('Select a point first.');
    drawZone(canvas, [[0.2, 0.2], [0.8, 0.2], [0.5, 0.8]]);
    canvas.nextPoint(1);
    expect(canvas.selection).toEqual({ kind: 'area', index: 0, point: 0 });
    canvas.snap = false;
    canvas.nudgeBy(0.01, 0);
    expect(editor.drawn('area')[0]?.points[0]).toEqual([0.21, 0.2]);
    expect(canvas.announcement).toMatch(/Zone 1.*0\.21, 0\.2/);

    canvas.insertAfterSelected();
    expect(editor.drawn('area')[0]?.points).toHaveLength(4);
    expect(canvas.selection?.point).toBe(1);
    canvas.deleteSelectedPoint();
    expect(editor.drawn('area')[0]?.points).toHaveLength(3);
    canvas.deleteSelectedShape();
    expect(editor.drawn('area')).toEqual([]);
    expect(canvas.selection).toBeNull();
  });

  it('goes from shape to shape, zones first, wrapping round', () => {
    const { canvas } = drawing();
    drawZone(canvas, [[0.2, 0.2], [0.8, 0.2], [0.5, 0.8]]);
    canvas.setTool('fence');
    canvas.addDraftPoint([0.1, 0.5]);
    canvas.addDraftPoint([0.9, 0.5]);
    canvas.finishDraft();
    canvas.select(null);
    canvas.nextShape();
    expect(canvas.selection).toMatchObject({ kind: 'area', index: 0 });
    canvas.nextShape();
    expect(canvas.selection).toMatchObject({ kind: 'fence', index: 0 });
    canvas.nextShape();
    expect(canvas.selection).toMatchObject({ kind: 'area', index: 0 });
  });

  it('zooms in on the selected point, pans by keys only when zoomed, and says what is in view', () => {
    const { canvas } = drawing();
    canvas.panKeys(1, 0);
    expect(canvas.announcement).toMatch(/whole frame is in view/);
    drawZone(canvas, [[0.2, 0.2], [0.8, 0.2], [0.5, 0.8]]);
    canvas.select({ kind: 'area', index: 0, point: 1 });
    canvas.zoomBy(1);
    expect(canvas.zoom).toBe(1.5);
    canvas.zoomBy(1);
    expect(canvas.view).toEqual({ zoom: 2, centre: [0.75, 0.25] });
    expect(canvas.viewSentence()).toBe('Showing 50–100% across and 0–50% down the frame.');
    canvas.panKeys(-1, 0);
    expect(canvas.announcement).toBe('Showing 0–50% across and 0–50% down the frame.');
    canvas.resetView();
    expect(canvas.zoom).toBe(1);
  });

  it('rewords the status line when the language is switched, keeping the values of the moment it was said', () => {
    const { canvas } = drawing();
    drawZone(canvas, [[0.2, 0.3], [0.8, 0.3], [0.5, 0.9]]);
    expect(canvas.announcement).toBe('Zone 1 finished with 3 points');
    // A later point of another drawing does not change what the sentence counted.
    canvas.setTool('area');
    canvas.addDraftPoint([0.1, 0.1]);
    expect(canvas.announcement).toBe('Point 1 added at 0.1, 0.1');
    canvas.addDraftPoint([0.4, 0.1]);
    locale.set('ru');
    try {
      expect(canvas.announcement).toBe('Точка 2 добавлена в 0.4, 0.1');
      canvas.addDraftPoint([0.4, 0.4]);
      canvas.finishDraft();
      expect(canvas.announcement).toBe('Зона 2 завершена, точек: 3');
    } finally {
      locale.set('en');
    }
    expect(canvas.announcement).toBe('Zone 2 finished with 3 points');
  });
});
