import { beforeAll, describe, expect, it } from 'vitest';
import { TaskEditor } from '../../../../renderer/features/analytics/editor-state.svelte';
import { CanvasState } from '../../../../renderer/features/analytics/canvas-state.svelte';
import { CanvasPointer, type CanvasSurface, type FrameClock, type PointerInput } from '../../../../renderer/features/analytics/canvas-pointer.svelte';
import { frameScale } from '../../../../renderer/features/analytics/canvas-frame';
import { locale } from '../../../../renderer/lib/i18n.svelte';

/**
 * The canvas as the page lays it out: the 1000 × 500 frame drawn 500 × 250 pixels at the page's top left, so a pixel
 * is two frame units. It records pointer capture and focus as the element would.
 */
function surface(): CanvasSurface & { captured: Set<number>; focused: number } {
  const captured = new Set<number>();
  return {
    captured,
    focused: 0,
    getScreenCTM: () => ({ inverse: () => ({ a: 2, b: 0, c: 0, d: 2, e: 0, f: 0 }) }),
    getBoundingClientRect: () => ({ width: 500, height: 250 }),
    setPointerCapture: (id) => void captured.add(id),
    hasPointerCapture: (id) => captured.has(id),
    releasePointerCapture: (id) => void captured.delete(id),
    focus() {
      this.focused += 1;
    },
  };
}

/** Animation frames that run when the test says the frame came. */
function frames(): FrameClock & { flush(): void; pending: number } {
  const queue = new Map<number, () => void>();
  let next = 1;
  return {
    request: (callback) => (queue.set(next, callback), next++),
    cancel: (id) => void queue.delete(id),
    flush() {
      const due = [...queue.values()];
      queue.clear();
      for (const callback of due) callback();
    },
    get pending() {
      return queue.size;
    },
  };
}

/** The marked part of a drawn shape under the pointer, as the canvas's SVG marks it with data-* attributes. */
function mark(dataset: Record<string, string>): EventTarget {
  return Object.assign(new EventTarget(), { closest: () => ({ dataset }) });
}

function press(x: number, y: number, extra: Partial<PointerInput> = {}): PointerInput {
  return { button: 0, clientX: x, clientY: y, pointerId: 1, type: 'pointerdown', target: null, preventDefault: () => undefined, ...extra };
}

function setUp() {
  const editor = new TaskEditor();
  editor.load({ CaseType: 'line-crossing', CameraGroupUid: 'cg-1', Source: { Uid: 'cam-1', Url: 'rtsp://camera/1' }, Pipeline: { Areas: [], Fences: [] } });
  const canvas = new CanvasState(editor);
  canvas.snap = false;
  const svg = surface();
  const clock = frames();
  const pointer = new CanvasPointer({ svg: () => svg, canvas: () => canvas, scale: () => frameScale(500, canvas.zoom) }, clock);
  return { editor, canvas, svg, clock, pointer };
}

describe('CanvasPointer', () => {
  beforeAll(() => locale.set('en'));

  it('reads the pointer as a point of the frame', () => {
    const { pointer } = setUp();
    expect(pointer.framePoint({ clientX: 250, clientY: 125 })).toEqual([0.5, 0.5]);
    expect(pointer.framePoint({ clientX: 50, clientY: 200 })).toEqual([0.1, 0.8]);
  });

  it('draws a zone with clicks, and a click on its first point closes it', () => {
    const { editor, canvas, pointer, svg } = setUp();
    canvas.setTool('area');
    pointer.onpointerdown(press(50, 50));
    pointer.onpointerdown(press(450, 50));
    pointer.onpointerdown(press(250, 200));
    expect(canvas.draft).toHaveLength(3);
    expect(svg.focused).toBe(3);
    pointer.onpointerdown(press(52, 51));
    expect(editor.drawn('area').map((shape) => shape.points)).toEqual([[[0.1, 0.2], [0.9, 0.2], [0.5, 0.8]]]);
    expect(canvas.tool).toBe('select');
  });

  it('a double click ends a line, keeping one point where its two presses landed', () => {
    const { editor, canvas, pointer } = setUp();
    canvas.setTool('fence');
    pointer.onpointerdown(press(50, 125));
    pointer.onpointerdown(press(450, 125));
    pointer.onpointerdown(press(450, 125));
    pointer.ondblclick();
    expect(editor.drawn('fence')[0]?.points).toEqual([[0.1, 0.5], [0.9, 0.5]]);
  });

  it('drags a point with the pointer captured; moves land once per frame, and the drop lands where the pointer was let go', () => {
    const { editor, canvas, pointer, svg, clock } = setUp();
    canvas.setTool('fence');
    pointer.onpointerdown(press(50, 125));
    pointer.onpointerdown(press(450, 125));
    pointer.ondblclick();

    pointer.onpointerdown(press(450, 125, { target: mark({ role: 'vertex', kind: 'fence', index: '0', point: '1' }) }));
    expect(canvas.selection).toEqual({ kind: 'fence', index: 0, point: 1 });
    expect(svg.captured.has(1)).toBe(true);
    pointer.onpointermove(press(400, 100, { type: 'pointermove' }));
    pointer.onpointermove(press(400, 50, { type: 'pointermove' }));
    expect(clock.pending).toBe(1);
    clock.flush();
    expect(canvas.drag?.at).toEqual([0.8, 0.2]);
    pointer.onpointermove(press(300, 25, { type: 'pointermove' }));
    pointer.onpointerup(press(300, 25, { type: 'pointerup' }));
    expect(editor.drawn('fence')[0]?.points).toEqual([[0.1, 0.5], [0.6, 0.1]]);
    expect(svg.captured.has(1)).toBe(false);
    expect(clock.pending).toBe(0);

    // A cancelled pointer (the system took it) puts the point back.
    pointer.onpointerdown(press(300, 25, { target: mark({ role: 'vertex', kind: 'fence', index: '0', point: '1' }) }));
    pointer.onpointermove(press(100, 200, { type: 'pointermove' }));
    pointer.onpointerup(press(100, 200, { type: 'pointercancel' }));
    expect(editor.drawn('fence')[0]?.points).toEqual([[0.1, 0.5], [0.6, 0.1]]);
  });

  it('a press on empty canvas clears the selection; on a shape it selects the whole shape', () => {
    const { canvas, pointer } = setUp();
    canvas.setTool('fence');
    pointer.onpointerdown(press(50, 125));
    pointer.onpointerdown(press(450, 125));
    pointer.ondblclick();
    pointer.onpointerdown(press(250, 125, { target: mark({ role: 'shape', kind: 'fence', index: '0' }) }));
    expect(canvas.selection).toEqual({ kind: 'fence', index: 0, point: null });
    pointer.onpointerdown(press(250, 240));
    expect(canvas.selection).toBeNull();
  });

  it('when zoomed, Space held with the main button pans the view, and the view follows the drag (a quarter of the canvas is an eighth of the frame at 2×) and is read out when let go', () => {
    const { canvas, pointer, clock } = setUp();
    canvas.zoomBy(1);
    canvas.zoomBy(1);
    expect(canvas.view).toEqual({ zoom: 2, centre: [0.5, 0.5] });
    pointer.spaceDown({ repeat: false });
    pointer.onpointerdown(press(250, 125));
    expect(pointer.pan).not.toBeNull();
    pointer.onpointermove(press(375, 125, { type: 'pointermove' }));
    clock.flush();
    pointer.onpointerup(press(375, 125, { type: 'pointerup' }));
    expect(canvas.view.centre[0]).toBeCloseTo(0.375);
    expect(canvas.announcement).toMatch(/^Showing 13–63% across/);
    // The Space press was used to pan: letting it go adds no point.
    canvas.setTool('area');
    pointer.spaceUp();
    expect(canvas.draft).toEqual([]);
  });

  it('the wheel moves a zoomed view and lets the page scroll at an edge; Ctrl + wheel zooms at the pointer', () => {
    const { canvas, pointer } = setUp();
    let prevented = 0;
    const wheel = (deltaY: number, ctrlKey = false) => ({ deltaMode: 0, deltaX: 0, deltaY, ctrlKey, clientX: 250, clientY: 125, preventDefault: () => void (prevented += 1) });
    pointer.onwheel(wheel(100));
    expect(prevented).toBe(0);
    pointer.onwheel(wheel(-347, true));
    expect(canvas.zoom).toBeCloseTo(2, 1);
    expect(prevented).toBe(1);
    pointer.onwheel(wheel(50));
    expect(canvas.view.centre[1]).toBeGreaterThan(0.5);
    expect(prevented).toBe(2);
  });
});
