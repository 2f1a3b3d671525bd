import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  insertPointOnEdge,
  isZeroLengthLine,
  nearestEdge,
  normalise,
  nudge,
  placePoint,
  segmentsIntersect,
  selfIntersections,
  crossingsAt,
  touchesPoint,
  snapToEdges,
  type Point,
} from '../../../renderer/features/analytics/geometry';

const square: Point[] = [
  [0.2, 0.2],
  [0.8, 0.2],
  [0.8, 0.8],
  [0.2, 0.8],
];

describe('normalisation to the frame', () => {
  it('turns picture pixels into fractions of the frame', () => {
    expect(normalise(960, 270, 1920, 1080)).toEqual([0.5, 0.25]);
  });

  it('keeps a point dragged past the picture on its edge', () => {
    expect(normalise(-40, 2000, 1920, 1080)).toEqual([0, 1]);
  });

  it('rounds to four decimals so the JSON stays readable', () => {
    expect(normalise(1, 1, 3, 7)).toEqual([0.3333, 0.1429]);
  });

  it('gives a point inside 0..1 for any position and any frame size', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), fc.double({ noNaN: true, min: -1e6, max: 1e6 }), fc.integer({ min: 1, max: 8000 }), fc.integer({ min: 1, max: 8000 }), (x, y, w, h) => {
        const [nx, ny] = normalise(x, y, w, h);
        return nx >= 0 && nx <= 1 && ny >= 0 && ny <= 1;
      }),
    );
  });
});

describe('snap to the frame’s edges', () => {
  it('moves a coordinate near an edge onto it and leaves the others', () => {
    expect(snapToEdges([0.015, 0.5])).toEqual([0, 0.5]);
    expect(snapToEdges([0.5, 0.99])).toEqual([0.5, 1]);
    expect(snapToEdges([0.03, 0.97])).toEqual([0.03, 0.97]);
  });

  it('applies only when snapping is on', () => {
    expect(placePoint([0.01, 0.999], true)).toEqual([0, 1]);
    expect(placePoint([0.01, 0.999], false)).toEqual([0.01, 0.999]);
  });

  it('keeps a nudged point inside the frame', () => {
    expect(nudge([0.95, 0.05], 0.1, -0.1, false)).toEqual([1, 0]);
  });
});

describe('point insertion on an edge', () => {
  it('puts a point in the middle of the edge after the given point', () => {
    expect(insertPointOnEdge(square, 0)).toEqual([[0.2, 0.2], [0.5, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8]]);
  });

  it('inserts on the closing edge of a polygon after its last point', () => {
    expect(insertPointOnEdge(square, 3)).toEqual([...square, [0.2, 0.5]]);
  });

  it('inserts at the spot given and leaves the input unchanged', () => {
    const copy = square.map((p) => [...p]);
    expect(insertPointOnEdge(square, 1, [0.8, 0.3])[2]).toEqual([0.8, 0.3]);
    expect(square).toEqual(copy);
  });

  it('finds the nearest edge and the spot on it', () => {
    const hit = nearestEdge(square, [0.81, 0.5], true);
    expect(hit?.after).toBe(1);
    expect(hit?.point[0]).toBeCloseTo(0.8);
    expect(hit?.point[1]).toBeCloseTo(0.5);
    expect(nearestEdge(square, [0.19, 0.5], true)?.after).toBe(3);
    expect(nearestEdge(square, [0.19, 0.5], false)?.after).not.toBe(3);
  });
});

describe('self-intersection of polygons', () => {
  it('finds none in a square or a concave polygon', () => {
    expect(selfIntersections(square)).toEqual([]);
    expect(selfIntersections([[0, 0], [1, 0], [1, 1], [0.5, 0.3], [0, 1]])).toEqual([]);
  });

  it('finds the crossing edges of a bow tie', () => {
    expect(selfIntersections([[0.2, 0.2], [0.8, 0.8], [0.8, 0.2], [0.2, 0.8]])).toEqual([[0, 2]]);
  });

  it('finds a point touching another edge and a spike folding back on itself', () => {
    expect(selfIntersections([[0, 0], [1, 0], [0.5, 0], [0.5, 1]]).length).toBeGreaterThan(0);
    expect(selfIntersections([[0, 0], [1, 0], [1, 1], [0.5, 0.5], [1, 1], [0, 1]]).length).toBeGreaterThan(0);
  });

  it('knows touching and separate segments apart', () => {
    expect(segmentsIntersect([0, 0], [1, 1], [1, 0], [0, 1])).toBe(true);
    expect(segmentsIntersect([0, 0], [1, 0], [1, 0], [2, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [1, 0], [0, 0.1], [1, 0.1])).toBe(false);
    expect(segmentsIntersect([0, 0], [1, 0], [2, 0], [3, 0])).toBe(false);
  });

  it('never flags a convex polygon (points on a circle)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 200 }), (n) => {
        const ring: Point[] = Array.from({ length: n }, (_, i) => [0.5 + 0.4 * Math.cos((2 * Math.PI * i) / n), 0.5 + 0.4 * Math.sin((2 * Math.PI * i) / n)]);
        return selfIntersections(ring).length === 0;
      }),
      { numRuns: 30 },
    );
  });
});

describe('crossings of the edges at a moved point (the check a drag runs per frame)', () => {
  const polygon = fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 })), { minLength: 3, maxLength: 14 });

  it('with the crossings found before the move that do not touch the point, gives the full check of the moved polygon', () => {
    fc.assert(
      fc.property(polygon, fc.nat(), fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 })), (grid, pick, to) => {
        // Points on a coarse grid, so touching, overlapping and collinear cases come up often.
        const points: Point[] = grid.map(([x, y]) => [x / 20, y / 20]);
        const index = pick % points.length;
        const moved = points.map((p, i) => (i === index ? ([to[0] / 20, to[1] / 20] as Point) : p));
        const kept = selfIntersections(points).filter((pair) => !touchesPoint(pair, points.length, index));
        const combined = [...kept, ...crossingsAt(moved, index)].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        expect(combined).toEqual(selfIntersections(moved));
      }),
      { numRuns: 400 },
    );
  });

  it('finds the bow tie made by dragging a corner of a square across', () => {
    const bowTie: Point[] = [[0.2, 0.2], [0.8, 0.8], [0.8, 0.2], [0.2, 0.8]];
    expect(crossingsAt(bowTie, 1)).toEqual([[0, 2]]);
    expect(crossingsAt([[0.2, 0.2], [0.8, 0.2], [0.8, 0.8], [0.2, 0.8]], 1)).toEqual([]);
  });
});

describe('zero-length lines', () => {
  it('flags a line whose points all coincide', () => {
    expect(isZeroLengthLine([[0.3, 0.3], [0.3, 0.3]])).toBe(true);
    expect(isZeroLengthLine([[0.3, 0.3], [0.3, 0.3], [0.3, 0.3]])).toBe(true);
  });

  it('does not flag a line with length, or one still being drawn', () => {
    expect(isZeroLengthLine([[0.1, 0.5], [0.9, 0.5]])).toBe(false);
    expect(isZeroLengthLine([[0.1, 0.5]])).toBe(false);
  });
});

describe('shape flags', async () => {
  const { flagsOf } = await import('../../../renderer/features/analytics/shape-flags');
  const { newShape } = await import('../../../renderer/features/analytics/task-document');

  it('flags a crossing zone with the edges as numbered on screen', () => {
    expect(flagsOf(newShape('area', 0, [[0.2, 0.2], [0.8, 0.8], [0.8, 0.2], [0.2, 0.8]]))).toEqual([{ type: 'selfIntersecting', first: 1, second: 3 }]);
  });

  it('flags a zero-length line and points outside the frame', () => {
    expect(flagsOf(newShape('fence', 0, [[0.5, 0.5], [0.5, 0.5]]))).toEqual([{ type: 'zeroLength' }]);
    expect(flagsOf(newShape('fence', 0, [[0.5, 0.5], [1.2, 0.5]]))).toEqual([{ type: 'outside' }]);
  });

  it('has nothing to say about a good zone and a good line', () => {
    expect(flagsOf(newShape('area', 0, square))).toEqual([]);
    expect(flagsOf(newShape('fence', 0, [[0.1, 0.5], [0.9, 0.5]]))).toEqual([]);
  });
});
