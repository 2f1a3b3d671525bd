/**
 * Plane geometry of the drawing canvas. Every point is normalised: x and y are fractions (0..1) of the frame's
 * width and height, the form the task body carries, so a zone stays on the same spot whatever the picture's size.
 */

export type Point = readonly [x: number, y: number];

/** Decimal places kept for points placed by the operator: 1/10,000 of the frame is below a pixel on a 4K picture. */
export const POINT_DECIMALS = 4;
/** Within this fraction of the frame from an edge, a point snaps onto that edge (when snapping is on). */
export const SNAP_DISTANCE = 0.02;

const scale = 10 ** POINT_DECIMALS;

export function clamp01(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

function rounded(value: number): number {
  return Math.round(value * scale) / scale;
}

/** A position in picture pixels (or any unit with the frame's size) as a normalised point, kept inside the frame. */
export function normalise(x: number, y: number, width: number, height: number): Point {
  if (!(width > 0) || !(height > 0)) return [0, 0];
  return [rounded(clamp01(x / width)), rounded(clamp01(y / height))];
}

/** Moves a coordinate lying within `distance` of an edge onto that edge; the rest is left where it is. */
export function snapToEdges(point: Point, distance = SNAP_DISTANCE): Point {
  const snap = (value: number) => (value <= distance ? 0 : value >= 1 - distance ? 1 : value);
  return [snap(point[0]), snap(point[1])];
}

/** The point the operator placed: inside the frame, rounded, and snapped to the edges when asked. */
export function placePoint(point: Point, snap: boolean): Point {
  const inside: Point = [rounded(clamp01(point[0])), rounded(clamp01(point[1]))];
  return snap ? snapToEdges(inside) : inside;
}

/** The point moved by (dx, dy), kept inside the frame. */
export function nudge(point: Point, dx: number, dy: number, snap: boolean): Point {
  return placePoint([point[0] + dx, point[1] + dy], snap);
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

export function midpoint(a: Point, b: Point): Point {
  return [rounded((a[0] + b[0]) / 2), rounded((a[1] + b[1]) / 2)];
}

/** The edges of a shape as index pairs: a polygon closes back to its first point, a line does not. */
export function edges(count: number, closed: boolean): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  for (let i = 0; i + 1 < count; i += 1) result.push([i, i + 1]);
  if (closed && count > 2) result.push([count - 1, 0]);
  return result;
}

/** The point of segment a-b nearest to p, and how far along the segment it lies (0..1). */
export function projectOnSegment(p: Point, a: Point, b: Point): { point: Point; t: number; distance: number } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : clamp01(((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared);
  const point: Point = [a[0] + t * dx, a[1] + t * dy];
  return { point, t, distance: distance(p, point) };
}

/** The edge of a shape nearest to p: the index of its first point (the new point goes after it) and the spot on it. */
export function nearestEdge(points: readonly Point[], p: Point, closed: boolean): { after: number; point: Point; distance: number } | null {
  let best: { after: number; point: Point; distance: number } | null = null;
  for (const [i, j] of edges(points.length, closed)) {
    const a = points[i];
    const b = points[j];
    if (!a || !b) continue;
    const hit = projectOnSegment(p, a, b);
    if (!best || hit.distance < best.distance) best = { after: i, point: hit.point, distance: hit.distance };
  }
  return best;
}

/**
 * Inserts a point on the edge that starts at point `after` (for a polygon, the last edge runs back to point 0).
 * Without `at` the point goes to the middle of the edge. Returns a new array; the input is not changed.
 */
export function insertPointOnEdge(points: readonly Point[], after: number, at?: Point): Point[] {
  if (after < 0 || after >= points.length) return [...points];
  const a = points[after] as Point;
  const b = points[(after + 1) % points.length] as Point;
  const inserted = at ?? midpoint(a, b);
  return [...points.slice(0, after + 1), inserted, ...points.slice(after + 1)];
}

export function removePoint(points: readonly Point[], index: number): Point[] {
  return points.filter((_, i) => i !== index);
}

export function movePoint(points: readonly Point[], index: number, to: Point): Point[] {
  return points.map((point, i) => (i === index ? to : point));
}

/** Sign of the turn a -> b -> c: 1 left, -1 right, 0 in line (with a tolerance for rounding). */
function orientation(a: Point, b: Point, c: Point): -1 | 0 | 1 {
  const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  if (Math.abs(cross) < 1e-12) return 0;
  return cross > 0 ? 1 : -1;
}

function onSegment(a: Point, p: Point, b: Point): boolean {
  return Math.min(a[0], b[0]) - 1e-12 <= p[0] && p[0] <= Math.max(a[0], b[0]) + 1e-12 && Math.min(a[1], b[1]) - 1e-12 <= p[1] && p[1] <= Math.max(a[1], b[1]) + 1e-12;
}

/** True when the closed segments p1-p2 and q1-q2 share at least one point (touching and overlapping count). */
export function segmentsIntersect(p1: Point, p2: Point, q1: Point, q2: Point): boolean {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(p1, q1, p2)) return true;
  if (o2 === 0 && onSegment(p1, q2, p2)) return true;
  if (o3 === 0 && onSegment(q1, p1, q2)) return true;
  if (o4 === 0 && onSegment(q1, p2, q2)) return true;
  return false;
}

/**
 * Whether edges i and j (i < j) of a closed polygon of n points cross or touch in a way that leaves the zone without
 * a clear inside. Edge k runs from point k to point k+1 (the last one back to point 0). Neighbours always share a
 * corner; they count only when they fold back onto each other (a spike), since the zone then has no inside there.
 */
function edgesCross(points: readonly Point[], i: number, j: number): boolean {
  const n = points.length;
  const at = (k: number) => points[k % n] as Point;
  const a1 = at(i);
  const a2 = at(i + 1);
  const b1 = at(j);
  const b2 = at(j + 1);
  if (j === i + 1 || (i === 0 && j === n - 1)) {
    const [shared, a, b] = j === i + 1 ? [a2, a1, b2] : [a1, a2, b1];
    return orientation(a, shared, b) === 0 && distance(a, shared) > 0 && distance(b, shared) > 0 && dot(a, shared, b) > 0;
  }
  return segmentsIntersect(a1, a2, b1, b2);
}

/**
 * The pairs of edges of a polygon that cross or touch, other than neighbours meeting at their shared corner
 * (see edgesCross). Quadratic in the number of edges: a 200-point zone is 20,000 checks, about a millisecond, so
 * it runs when the shapes change, not on every frame of a drag (crossingsAt does that part).
 */
export function selfIntersections(points: readonly Point[]): Array<[number, number]> {
  const n = points.length;
  if (n < 3) return [];
  const found: Array<[number, number]> = [];
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) if (edgesCross(points, i, j)) found.push([i, j]);
  }
  return found;
}

/** The two edges that end at point `index` of a closed polygon of n points (for n = 3 they are still two). */
export function edgesAt(n: number, index: number): [number, number] {
  return [(index - 1 + n) % n, index];
}

/**
 * The crossings that involve the edges ending at point `index`: when only that point moves, these are the only
 * pairs that can change, so a drag checks 2n pairs per frame instead of n²/2. With the crossings found before
 * the point moved, minus those touching its edges, plus these, it gives selfIntersections of the moved polygon.
 */
export function crossingsAt(points: readonly Point[], index: number): Array<[number, number]> {
  const n = points.length;
  if (n < 3 || index < 0 || index >= n) return [];
  const [before, after] = edgesAt(n, index);
  const found: Array<[number, number]> = [];
  for (let other = 0; other < n; other += 1) {
    // The pair of the two moving edges is checked once, with `before`.
    for (const edge of other === before ? [after] : other === after ? [before] : [before, after]) {
      if (edge === after && other === before) continue;
      const pair: [number, number] = edge < other ? [edge, other] : [other, edge];
      if (edgesCross(points, pair[0], pair[1])) found.push(pair);
    }
  }
  return found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** True when the pair includes one of the edges ending at point `index` (a crossing a move of that point can change). */
export function touchesPoint(pair: readonly [number, number], n: number, index: number): boolean {
  const [before, after] = edgesAt(n, index);
  return pair[0] === before || pair[1] === before || pair[0] === after || pair[1] === after;
}

/** Dot product of (a - o) and (b - o): positive when a and b lie on the same side of o. */
function dot(a: Point, o: Point, b: Point): number {
  return (a[0] - o[0]) * (b[0] - o[0]) + (a[1] - o[1]) * (b[1] - o[1]);
}

/** The length of a line through its points, in frame fractions. */
export function lineLength(points: readonly Point[]): number {
  let total = 0;
  for (let i = 0; i + 1 < points.length; i += 1) total += distance(points[i] as Point, points[i + 1] as Point);
  return total;
}

/** A line whose points all coincide has no length: it can never be crossed. */
export function isZeroLengthLine(points: readonly Point[]): boolean {
  return points.length >= 2 && lineLength(points) === 0;
}

/** True when every coordinate lies inside the frame. */
export function insideFrame(points: readonly Point[]): boolean {
  return points.every(([x, y]) => x >= 0 && x <= 1 && y >= 0 && y <= 1);
}
