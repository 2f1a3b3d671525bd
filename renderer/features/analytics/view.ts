import { clamp01, type Point } from './geometry';

/**
 * What part of the frame the canvas shows: a zoom factor (1 shows the whole frame) and the point of the frame, in
 * the same 0..1 fractions as the shapes, at the middle of the view. The visible part never leaves the frame, so a
 * pan stops at its edges and zooming out near an edge slides the view back inside.
 */
export interface View {
  zoom: number;
  centre: Point;
}

/** The steps of the zoom buttons and the + and − keys. */
export const ZOOM_STEPS = [1, 1.5, 2, 3, 4, 6, 8] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[6];

export const WHOLE_FRAME: View = { zoom: 1, centre: [0.5, 0.5] };

/** The visible part of the frame, in frame fractions. */
export interface VisibleRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MIN_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The view with its zoom in range and its centre moved just enough for the visible part to lie inside the frame. */
export function clampView(view: View): View {
  const zoom = clampZoom(view.zoom);
  const half = 0.5 / zoom;
  const keep = (value: number) => Math.min(1 - half, Math.max(half, clamp01(value)));
  return { zoom, centre: [keep(view.centre[0]), keep(view.centre[1])] };
}

export function visibleRect(view: View): VisibleRect {
  const { zoom, centre } = clampView(view);
  const size = 1 / zoom;
  return { x: centre[0] - size / 2, y: centre[1] - size / 2, width: size, height: size };
}

/** The view moved by (dx, dy) frame fractions, stopping at the frame's edges. */
export function panBy(view: View, dx: number, dy: number): View {
  return clampView({ zoom: view.zoom, centre: [view.centre[0] + dx, view.centre[1] + dy] });
}

/**
 * The view after the content was pulled by (dx, dy) screen pixels on a canvas of width × height pixels (a drag, a
 * scroll): the picture follows the pointer, so the centre moves the other way, by the visible fraction.
 */
export function panByPixels(view: View, dx: number, dy: number, width: number, height: number): View {
  if (!(width > 0) || !(height > 0)) return view;
  const zoom = clampZoom(view.zoom);
  return panBy(view, -dx / width / zoom, -dy / height / zoom);
}

/** Whether two views show the same part of the frame (a pan at an edge changes nothing). */
export function sameView(a: View, b: View): boolean {
  return a.zoom === b.zoom && a.centre[0] === b.centre[0] && a.centre[1] === b.centre[1];
}

/** The view at another zoom, with the frame point `focus` staying at the same place on the screen. */
export function zoomAround(view: View, zoom: number, focus: Point): View {
  const from = clampView(view);
  const to = clampZoom(zoom);
  const keep = from.zoom / to;
  return clampView({ zoom: to, centre: [focus[0] - (focus[0] - from.centre[0]) * keep, focus[1] - (focus[1] - from.centre[1]) * keep] });
}

/** The next zoom step up (1) or down (−1) from any zoom, e.g. one a pinch left between steps. */
export function nextZoomStep(zoom: number, direction: 1 | -1): number {
  if (direction === 1) return ZOOM_STEPS.find((step) => step > zoom + 1e-9) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-9) ?? MIN_ZOOM;
}

/** The frame point under a screen position given as fractions (0..1) of the canvas's width and height. */
export function framePointAt(view: View, fx: number, fy: number): Point {
  const rect = visibleRect(view);
  return [rect.x + fx * rect.width, rect.y + fy * rect.height];
}
