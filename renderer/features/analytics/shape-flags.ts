import { crossingsAt, insideFrame, isZeroLengthLine, selfIntersections, touchesPoint, type Point } from './geometry';
import type { DrawnShape, ShapeKind } from './task-document';

/** What is wrong with a drawn shape, for the flags beside the canvas and the shape's own outline. */
export type ShapeFlag =
  | { type: 'selfIntersecting'; first: number; second: number }
  | { type: 'zeroLength' }
  | { type: 'tooFew' }
  | { type: 'outside' };

/**
 * Flags of one shape. A zone (polygon) that crosses itself has no clear inside; a line whose points coincide can
 * never be crossed; too few points make neither. Edge numbers are 1-based as shown (edge 1 runs from point 1 to 2).
 */
export function flagsOf(shape: DrawnShape): ShapeFlag[] {
  const flags: ShapeFlag[] = [];
  const { points } = shape;
  if (shape.kind === 'area') {
    if (points.length < 3) flags.push({ type: 'tooFew' });
    const crossing = selfIntersections(points)[0];
    if (crossing) flags.push({ type: 'selfIntersecting', first: crossing[0] + 1, second: crossing[1] + 1 });
  } else {
    if (points.length < 2) flags.push({ type: 'tooFew' });
    if (isZeroLengthLine(points)) flags.push({ type: 'zeroLength' });
  }
  if (!insideFrame(points)) flags.push({ type: 'outside' });
  return flags;
}

/** How shapes are told apart across the canvas and the shapes list. */
export function shapeKey(kind: ShapeKind, index: number): string {
  return `${kind}-${index}`;
}

/** The flags of every drawn shape, by shapeKey: computed once per change of the body, for all views. */
export function flagsByShape(shapes: readonly DrawnShape[]): Map<string, ShapeFlag[]> {
  return new Map(shapes.map((shape) => [shapeKey(shape.kind, shape.index), flagsOf(shape)]));
}

/** The first crossing of a zone that moving point `index` cannot change (between edges not ending at it), or null. */
export function fixedCrossing(points: readonly Point[], index: number): [number, number] | null {
  return selfIntersections(points).find((pair) => !touchesPoint(pair, points.length, index)) ?? null;
}

/**
 * The first crossing of a zone whose point `index` is moving: the fixed one found when the drag began, or one of
 * the moving point's two edges (2n checks, not n²/2), whichever comes first in the order of selfIntersections.
 */
export function dragCrossing(points: readonly Point[], index: number, fixed: [number, number] | null): [number, number] | null {
  const moving = crossingsAt(points, index)[0] ?? null;
  if (!moving || !fixed) return moving ?? fixed;
  const order = moving[0] - fixed[0] || moving[1] - fixed[1];
  return order < 0 ? moving : fixed;
}
