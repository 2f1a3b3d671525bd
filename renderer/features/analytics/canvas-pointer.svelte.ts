import type { CanvasState } from './canvas-state.svelte';
import type { FrameScale } from './canvas-frame';
import type { Point } from './geometry';
import type { ShapeKind } from './task-document';
import { panByPixels, sameView, type View } from './view';

/** What of the canvas's SVG element the pointer handling uses (an `SVGSVGElement` is one). */
export interface CanvasSurface {
  getScreenCTM(): { inverse(): Pick<DOMMatrixReadOnly, 'a' | 'b' | 'c' | 'd' | 'e' | 'f'> } | null;
  getBoundingClientRect(): { width: number; height: number };
  setPointerCapture(pointerId: number): void;
  hasPointerCapture(pointerId: number): boolean;
  releasePointerCapture(pointerId: number): void;
  focus(options?: FocusOptions): void;
}

/** What the pointer handling reads from the canvas component, read afresh on each event. */
export interface PointerHost {
  svg(): CanvasSurface | undefined;
  canvas(): CanvasState;
  scale(): FrameScale;
}

/** The animation-frame clock moves are batched on (the page's own by default). */
export interface FrameClock {
  request(callback: () => void): number;
  cancel(id: number): void;
}

const pageFrames: FrameClock = { request: (callback) => requestAnimationFrame(callback), cancel: (id) => cancelAnimationFrame(id) };

/** The parts of pointer, wheel and key events the handling reads. */
export type PointerInput = Pick<PointerEvent, 'button' | 'clientX' | 'clientY' | 'pointerId' | 'type' | 'target' | 'preventDefault'>;
export type WheelInput = Pick<WheelEvent, 'deltaMode' | 'deltaX' | 'deltaY' | 'ctrlKey' | 'clientX' | 'clientY' | 'preventDefault'>;

/** The data-* of the marked part of a shape under the pointer (a point, a "+" handle, the shape), if any. */
function dataOf(event: Pick<Event, 'target'>): DOMStringMap | null {
  const target = event.target as { closest?: (selector: string) => { dataset: DOMStringMap } | null } | null;
  return typeof target?.closest === 'function' ? (target.closest('[data-role]')?.dataset ?? null) : null;
}

/**
 * The pointer on the drawing canvas: adding a draft's points, selecting and dragging points and "+" handles, and
 * moving the view when zoomed in (middle button, or Space held with the main button; the wheel).
 */
export class CanvasPointer {
  /** Space is down on the canvas: a press of the main button then pans instead of drawing or selecting. */
  spaceHeld = $state(false);
  pan = $state<{ x: number; y: number; from: View } | null>(null);
  /** The Space press was used to pan, so releasing it does not also add a point. */
  #spacePanned = false;
  #pendingPan: [number, number] | null = null;
  /**
   * Pointer moves are applied once per animation frame, with the latest position: a mouse can report several moves
   * per frame, and only the last one is ever seen. During a drag the frame redraws one point and its two edges.
   */
  #pendingMove: Point | null = null;
  #moveFrame = 0;

  constructor(
    private readonly host: PointerHost,
    private readonly frames: FrameClock = pageFrames,
  ) {}

  /** Where the pointer is, as a point of the frame (may lie outside 0..1 until placed). */
  framePoint(event: Pick<MouseEvent, 'clientX' | 'clientY'>): Point {
    const matrix = this.host.svg()?.getScreenCTM();
    if (!matrix) return [0, 0];
    // The screen position in the SVG's units: the inverse of the screen transform applied to it.
    const { a, b, c, d, e, f } = matrix.inverse();
    const x = a * event.clientX + c * event.clientY + e;
    const y = b * event.clientX + d * event.clientY + f;
    const { width, height } = this.host.scale();
    return [x / width, y / height];
  }

  #capture(event: PointerInput) {
    this.host.svg()?.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  #release(event: PointerInput) {
    const svg = this.host.svg();
    if (svg?.hasPointerCapture(event.pointerId)) svg.releasePointerCapture(event.pointerId);
  }

  #startPan(event: PointerInput) {
    this.pan = { x: event.clientX, y: event.clientY, from: this.host.canvas().view };
    this.#spacePanned = this.spaceHeld;
    this.#capture(event);
  }

  #applyPan() {
    const rect = this.host.svg()?.getBoundingClientRect();
    const pan = this.pan;
    if (!pan || !this.#pendingPan || !rect) return;
    const [x, y] = this.#pendingPan;
    this.host.canvas().setView(panByPixels(pan.from, x - pan.x, y - pan.y, rect.width, rect.height));
    this.#pendingPan = null;
  }

  /** Scrolling (a touchpad's two fingers, a wheel) moves the zoomed view; Ctrl + scroll or a pinch zooms at the pointer. */
  onwheel = (event: WheelInput) => {
    const rect = this.host.svg()?.getBoundingClientRect();
    if (!rect) return;
    const canvas = this.host.canvas();
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? rect.height : 1;
    const dx = event.deltaX * unit;
    const dy = event.deltaY * unit;
    if (event.ctrlKey) {
      event.preventDefault();
      canvas.zoomAt(Math.exp(-dy * 0.002), this.framePoint(event));
      return;
    }
    const moved = panByPixels(canvas.view, -dx, -dy, rect.width, rect.height);
    // At an edge (or not zoomed) the scroll goes on to the page, as it would from any scrolled box.
    if (sameView(moved, canvas.view)) return;
    event.preventDefault();
    canvas.setView(moved);
  };

  onpointerdown = (event: PointerInput) => {
    const svg = this.host.svg();
    const canvas = this.host.canvas();
    if (event.button === 1 || (event.button === 0 && this.spaceHeld)) {
      // The middle button would otherwise start the browser's own autoscroll.
      svg?.focus({ preventScroll: true });
      this.#startPan(event);
      return;
    }
    if (event.button !== 0) return;
    svg?.focus({ preventScroll: true });
    const p = this.framePoint(event);
    if (canvas.tool !== 'select') {
      // A click on the first point of a zone being drawn closes it.
      const first = canvas.draft[0];
      const { width, height, r } = this.host.scale();
      if (canvas.tool === 'area' && first && canvas.draft.length >= 3 && Math.hypot((first[0] - p[0]) * width, (first[1] - p[1]) * height) < r * 1.5) {
        canvas.finishDraft();
        return;
      }
      canvas.addDraftPoint(p);
      return;
    }
    const data = dataOf(event);
    const kind = data?.kind as ShapeKind | undefined;
    const index = Number(data?.index);
    if (data?.role === 'vertex' && kind) {
      const point = Number(data.point);
      canvas.select({ kind, index, point });
      if (canvas.beginDrag(kind, index, point)) this.#capture(event);
    } else if (data?.role === 'insert' && kind) {
      if (canvas.insertAndDrag(kind, index, Number(data.after))) this.#capture(event);
    } else if (data?.role === 'shape' && kind) {
      canvas.select({ kind, index, point: null });
    } else {
      canvas.select(null);
    }
  };

  onpointermove = (event: PointerInput) => {
    if (this.pan) {
      this.#pendingPan = [event.clientX, event.clientY];
      if (this.#moveFrame === 0) this.#moveFrame = this.frames.request(this.#applyMove);
      return;
    }
    const canvas = this.host.canvas();
    if (!canvas.drag && canvas.tool === 'select') return;
    this.#pendingMove = this.framePoint(event);
    if (this.#moveFrame === 0) this.#moveFrame = this.frames.request(this.#applyMove);
  };

  #applyMove = () => {
    this.#moveFrame = 0;
    if (this.pan) {
      this.#applyPan();
      return;
    }
    const p = this.#pendingMove;
    this.#pendingMove = null;
    if (!p) return;
    const canvas = this.host.canvas();
    if (canvas.drag) canvas.moveDrag(p);
    else if (canvas.tool !== 'select') canvas.cursor = [Math.min(1, Math.max(0, p[0])), Math.min(1, Math.max(0, p[1]))];
  };

  /** Also the handler of pointercancel: a cancelled drag puts the point back. */
  onpointerup = (event: PointerInput) => {
    const canvas = this.host.canvas();
    if (this.pan) {
      if (this.#moveFrame !== 0) this.frames.cancel(this.#moveFrame);
      this.#applyMove();
      this.pan = null;
      this.#release(event);
      canvas.sayView();
      return;
    }
    if (!canvas.drag) return;
    // The drop lands where the pointer was released, even when that move's frame has not come yet.
    if (this.#moveFrame !== 0) this.frames.cancel(this.#moveFrame);
    this.#applyMove();
    if (event.type === 'pointercancel') canvas.cancelDrag();
    else canvas.endDrag();
    this.#release(event);
  };

  ondblclick = () => {
    const canvas = this.host.canvas();
    if (canvas.tool === 'select') return;
    // The double click's two presses each added a point at the same spot: keep one.
    const [a, b] = canvas.draft.slice(-2);
    if (a && b && a[0] === b[0] && a[1] === b[1]) canvas.removeLastDraftPoint();
    canvas.finishDraft();
  };

  /** Space is acted on when released: held, it turns a press of the main button into a pan. */
  spaceDown(event: Pick<KeyboardEvent, 'repeat'>) {
    if (event.repeat) return;
    this.spaceHeld = true;
    this.#spacePanned = false;
  }

  /** Space released without panning adds a point of the draft where the keyboard cursor is. */
  spaceUp() {
    const used = this.#spacePanned;
    this.spaceHeld = false;
    this.#spacePanned = false;
    const canvas = this.host.canvas();
    if (!used && canvas.tool !== 'select') canvas.addDraftPoint(canvas.cursor);
  }

  blur() {
    this.spaceHeld = false;
  }
}
