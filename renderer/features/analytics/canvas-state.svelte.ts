import { t } from '../../lib/i18n.svelte';
import { insertPointOnEdge, movePoint, nudge, placePoint, removePoint, type Point } from './geometry';
import { dragCrossing, fixedCrossing } from './shape-flags';
import { clampView, nextZoomStep, panBy, visibleRect, WHOLE_FRAME, zoomAround, type View } from './view';
import type { TaskEditor } from './editor-state.svelte';
import { newShape, withPoints, type ShapeElement, type ShapeKind } from './task-document';

export type Tool = 'select' | 'area' | 'fence';

export interface Selection {
  kind: ShapeKind;
  /** Position in Areas or Fences. */
  index: number;
  /** The selected point, or null when the whole shape is selected. */
  point: number | null;
}

/**
 * A point being dragged. While the button is held only this changes (the canvas redraws the one shape and point
 * from it); the body, its JSON text, the checks and the undo history take the result once, when the point is dropped.
 */
export interface DragPreview {
  kind: ShapeKind;
  index: number;
  point: number;
  /** The shape's points when the drag began. */
  base: readonly Point[];
  /** Where the point is now. */
  at: Point;
  moved: boolean;
  /** For a zone: a crossing of two edges the moving point does not touch, found once when the drag began. */
  fixed: [number, number] | null;
  /** For a zone: the first crossing of the shape as it is now (fixed, or one of the moving point's edges). */
  crossing: [number, number] | null;
}

const MIN_POINTS: Record<ShapeKind, number> = { area: 3, fence: 2 };

/** Coordinates as read out: two decimals of the frame fraction. */
export function spoken(value: number): string {
  return value.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * The canvas's own state: the tool, the selection, the keyboard cursor, the shape being drawn, zoom and snap,
 * and the sentence announced to screen readers after each action. Every change to the shapes goes through the
 * editor, so it is undoable and shows in the JSON at once.
 */
export class CanvasState {
  tool = $state<Tool>('select');
  selection = $state<Selection | null>(null);
  cursor = $state<Point>([0.5, 0.5]);
  draft = $state.raw<Point[]>([]);
  view = $state.raw<View>(WHOLE_FRAME);
  snap = $state(true);
  /**
   * The last action's sentence, kept as the way to word it rather than as words: the status line under the canvas
   * stays on screen, so a switch of language rewords it instead of leaving an English sentence in a Russian screen.
   * Every value in it is taken when the action happens.
   */
  #said = $state.raw<() => string>(() => '');
  drag = $state.raw<DragPreview | null>(null);
  readonly #editor: TaskEditor;

  constructor(editor: TaskEditor) {
    this.#editor = editor;
  }

  /** The sentence announced after the last action, in the language shown now. */
  get announcement(): string {
    return this.#said();
  }

  #say(words: () => string): void {
    this.#said = words;
  }

  /** Says what part of the frame is in view now (after a pan by keys or by dragging). */
  sayView(): void {
    const rect = visibleRect(this.view);
    this.#say(() => this.#viewWords(rect));
  }

  shapeName(kind: ShapeKind, index: number): string {
    return t(kind === 'area' ? 'analytics.shapes.areaName' : 'analytics.shapes.fenceName', { number: index + 1 });
  }

  setTool(tool: Tool): void {
    if (this.draft.length > 0) this.finishDraft();
    this.tool = tool;
    this.draft = [];
    if (tool !== 'select') this.selection = null;
  }

  // ---- drawing

  addDraftPoint(at: Point): void {
    const point = placePoint(at, this.snap);
    this.draft = [...this.draft, point];
    this.cursor = point;
    const number = this.draft.length;
    this.#say(() => t('analytics.canvas.pointAdded', { point: number, x: spoken(point[0]), y: spoken(point[1]) }));
  }

  removeLastDraftPoint(): void {
    this.draft = this.draft.slice(0, -1);
  }

  /** Adds the drawn shape when it has enough points; otherwise drops it and says why. Back to the select tool. */
  finishDraft(): void {
    const kind: ShapeKind | null = this.tool === 'area' ? 'area' : this.tool === 'fence' ? 'fence' : null;
    const points = this.draft;
    this.draft = [];
    this.tool = 'select';
    if (!kind || points.length === 0) return;
    if (points.length < MIN_POINTS[kind]) {
      this.#say(() => t('analytics.canvas.shapeTooShort'));
      return;
    }
    const elements = this.#editor.shapes(kind).elements;
    this.#editor.setShapes(kind, [...elements, newShape(kind, elements.length, points)]);
    this.selection = { kind, index: elements.length, point: null };
    const index = elements.length;
    this.#say(() => t('analytics.canvas.shapeFinished', { shape: this.shapeName(kind, index), count: points.length }));
  }

  // ---- selection

  select(selection: Selection | null): void {
    this.selection = selection;
    this.#announceSelection();
  }

  selectedPoints(): Point[] | null {
    const s = this.selection;
    if (!s) return null;
    const element = this.#editor.shapes(s.kind).elements[s.index];
    return element?.drawable ? element.points : null;
  }

  #announceSelection(): void {
    const s = this.selection;
    const points = this.selectedPoints();
    if (!s || !points) return;
    if (s.point === null) {
      this.#say(() => `${this.shapeName(s.kind, s.index)}: ${t('analytics.shapes.points', { count: points.length })}`);
      return;
    }
    const p = points[s.point];
    const point = s.point + 1;
    if (p) this.#say(() => t('analytics.canvas.selected', { shape: this.shapeName(s.kind, s.index), point, x: spoken(p[0]), y: spoken(p[1]) }));
  }

  /** The next drawn shape after the selected one (zones first, then lines), wrapping round. */
  nextShape(): void {
    const all = [...this.#editor.drawn('area'), ...this.#editor.drawn('fence')];
    if (all.length === 0) return;
    const s = this.selection;
    const at = s ? all.findIndex((shape) => shape.kind === s.kind && shape.index === s.index) : -1;
    const next = all[(at + 1) % all.length]!;
    this.select({ kind: next.kind, index: next.index, point: 0 });
  }

  nextPoint(step: 1 | -1): void {
    const s = this.selection;
    const points = this.selectedPoints();
    if (!s || !points || points.length === 0) {
      this.nextShape();
      return;
    }
    const from = s.point ?? (step === 1 ? -1 : 0);
    this.select({ ...s, point: (from + step + points.length) % points.length });
  }

  // ---- editing the selected shape

  #replace(kind: ShapeKind, index: number, points: Point[]): ShapeElement[] {
    return this.#editor.shapes(kind).elements.map((element) => (element.index === index && element.drawable ? withPoints(element, points) : element));
  }

  /** Starts dragging a point of a drawn shape; the editor's gesture makes the whole drag one step of undo. */
  beginDrag(kind: ShapeKind, index: number, point: number): boolean {
    this.#editor.beginGesture();
    if (this.#startDrag(kind, index, point)) return true;
    this.#editor.endGesture();
    return false;
  }

  #startDrag(kind: ShapeKind, index: number, point: number): boolean {
    const element = this.#editor.shapes(kind).elements[index];
    const at = element?.drawable ? element.points[point] : undefined;
    if (!element?.drawable || !at) return false;
    const fixed = kind === 'area' ? fixedCrossing(element.points, point) : null;
    this.drag = { kind, index, point, base: element.points, at, moved: false, fixed, crossing: kind === 'area' ? dragCrossing(element.points, point, fixed) : null };
    return true;
  }

  /** A step of the drag: only the preview changes (one point, and the crossing check of its two edges). */
  moveDrag(to: Point): void {
    const drag = this.drag;
    if (!drag) return;
    const placed = placePoint(to, this.snap);
    if (placed[0] === drag.at[0] && placed[1] === drag.at[1]) return;
    const crossing = drag.kind === 'area' ? dragCrossing(movePoint(drag.base, drag.point, placed), drag.point, drag.fixed) : null;
    this.drag = { ...drag, at: placed, moved: true, crossing };
  }

  /** Drops the point: the body takes the moved shape, as one step of undo with whatever the gesture did before. */
  endDrag(): void {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    if (drag.moved) this.#editor.liveShapes(drag.kind, this.#replace(drag.kind, drag.index, movePoint(drag.base, drag.point, drag.at)));
    this.#editor.endGesture();
    this.select({ kind: drag.kind, index: drag.index, point: drag.point });
  }

  /** The drag was taken away (the pointer was cancelled): the point goes back where it was. */
  cancelDrag(): void {
    if (!this.drag) return;
    this.drag = null;
    this.#editor.endGesture();
  }

  /** A press on the "+" of an edge: inserts a point there and drags it, all one step of undo. */
  insertAndDrag(kind: ShapeKind, index: number, after: number): boolean {
    this.#editor.beginGesture();
    const point = this.insertOnEdge(kind, index, after, undefined, true);
    if (point !== null && this.#startDrag(kind, index, point)) return true;
    this.#editor.endGesture();
    return false;
  }

  /** Arrow keys: the selected point moves, or else the cursor. */
  nudgeBy(dx: number, dy: number): void {
    const s = this.selection;
    const points = this.selectedPoints();
    if (s && points && s.point !== null && points[s.point]) {
      const moved = nudge(points[s.point]!, dx, dy, this.snap);
      this.#editor.setShapes(s.kind, this.#replace(s.kind, s.index, points.map((p, i) => (i === s.point ? moved : p))));
      this.#follow(moved);
      this.#announceSelection();
      return;
    }
    this.cursor = nudge(this.cursor, dx, dy, this.snap);
    this.#follow(this.cursor);
    const [x, y] = this.cursor;
    this.#say(() => t('analytics.canvas.cursor', { x: spoken(x), y: spoken(y) }));
  }

  /** Inserts a point on the edge after `after` (its middle, or `at`), selects it, and returns its number. */
  insertOnEdge(kind: ShapeKind, index: number, after: number, at?: Point, live = false): number | null {
    const element = this.#editor.shapes(kind).elements[index];
    if (!element?.drawable || element.points.length < 2) return null;
    if (kind === 'fence' && after >= element.points.length - 1) after = element.points.length - 2;
    const points = insertPointOnEdge(element.points, after, at && placePoint(at, this.snap));
    const elements = this.#replace(kind, index, points);
    if (live) this.#editor.liveShapes(kind, elements);
    else this.#editor.setShapes(kind, elements);
    this.select({ kind, index, point: after + 1 });
    return after + 1;
  }

  insertAfterSelected(): void {
    const s = this.selection;
    if (!s || s.point === null) {
      this.#say(() => t('analytics.canvas.nothingSelected'));
      return;
    }
    this.insertOnEdge(s.kind, s.index, s.point);
  }

  deleteSelectedPoint(): void {
    const s = this.selection;
    const points = this.selectedPoints();
    if (!s || !points || s.point === null) {
      this.#say(() => t('analytics.canvas.nothingSelected'));
      return;
    }
    const left = removePoint(points, s.point);
    if (left.length === 0) {
      this.deleteSelectedShape();
      return;
    }
    this.#editor.setShapes(s.kind, this.#replace(s.kind, s.index, left));
    this.select({ ...s, point: Math.min(s.point, left.length - 1) });
  }

  deleteSelectedShape(): void {
    const s = this.selection;
    if (!s) {
      this.#say(() => t('analytics.canvas.nothingSelected'));
      return;
    }
    this.#editor.setShapes(s.kind, this.#editor.shapes(s.kind).elements.filter((element) => element.index !== s.index));
    this.selection = null;
  }

  // ---- view

  get zoom(): number {
    return this.view.zoom;
  }

  /** A zoom step in or out, centred on the selected point or the drawing cursor when there is one. */
  zoomBy(direction: 1 | -1): void {
    const points = this.selectedPoints();
    const s = this.selection;
    const focus = s && points && s.point !== null ? points[s.point] : this.draft.length > 0 || this.tool !== 'select' ? this.cursor : null;
    const zoom = nextZoomStep(this.view.zoom, direction);
    this.view = focus ? clampView({ zoom, centre: focus }) : zoomAround(this.view, zoom, this.view.centre);
  }

  /** Zoom by a factor keeping the frame point `focus` under the pointer (a pinch, Ctrl + wheel). */
  zoomAt(factor: number, focus: Point): void {
    this.view = zoomAround(this.view, this.view.zoom * factor, focus);
  }

  /** Back to the whole frame. */
  resetView(): void {
    this.view = WHOLE_FRAME;
  }

  setView(view: View): void {
    this.view = clampView(view);
  }

  /** Ctrl + arrow keys: the view moves by a share of what is visible, and says what it now shows. */
  panKeys(dx: number, dy: number): void {
    if (this.view.zoom <= 1) {
      this.#say(() => t('analytics.canvas.panWholeFrame'));
      return;
    }
    const size = 1 / this.view.zoom;
    this.view = panBy(this.view, dx * size, dy * size);
    this.sayView();
  }

  /** The visible part of the frame now, as read out: "showing 25–75 % across, 0–50 % down". */
  viewSentence(): string {
    return this.#viewWords(visibleRect(this.view));
  }

  #viewWords(rect: ReturnType<typeof visibleRect>): string {
    const percent = (value: number) => Math.round(value * 100);
    return t('analytics.canvas.viewShows', {
      left: percent(rect.x),
      right: percent(rect.x + rect.width),
      top: percent(rect.y),
      bottom: percent(rect.y + rect.height),
    });
  }

  /** Keeps a point in view when zoomed: the view moves to centre it once it leaves the visible part. */
  #follow(point: Point): void {
    const { zoom, centre } = this.view;
    if (zoom === 1) return;
    const half = 0.5 / zoom;
    if (Math.abs(point[0] - centre[0]) > half * 0.9 || Math.abs(point[1] - centre[1]) > half * 0.9) this.view = clampView({ zoom, centre: point });
  }
}
