import type { Point } from './geometry';

/** The frame in the SVG's own units: 1000 wide, as tall as the picture's aspect makes it. */
export const FRAME_WIDTH = 1000;

/** The frame's size in SVG units, and the sizes of marks that stay the same on screen whatever the zoom. */
export interface FrameScale {
  width: number;
  height: number;
  /** A point's radius. */
  r: number;
  font: number;
  stroke: number;
}

export function frameScale(height: number, zoom: number): FrameScale {
  return { width: FRAME_WIDTH, height, r: 9 / zoom, font: 22 / zoom, stroke: 3 / zoom };
}

/** The `points` attribute of a polygon or polyline drawn from points of the frame. */
export function pointsAttr(points: readonly Point[], scale: FrameScale): string {
  return points.map((p) => `${p[0] * scale.width},${p[1] * scale.height}`).join(' ');
}
