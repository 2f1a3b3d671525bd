import { insideFrame, isZeroLengthLine, selfIntersections } from './geometry';
import type { DrawnShape } from './task-document';

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
