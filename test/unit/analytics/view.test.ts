import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampView,
  framePointAt,
  MAX_ZOOM,
  nextZoomStep,
  panBy,
  panByPixels,
  sameView,
  visibleRect,
  WHOLE_FRAME,
  zoomAround,
  type View,
} from '../../../renderer/features/analytics/view';

const view = fc.record({
  zoom: fc.double({ min: 1, max: MAX_ZOOM, noNaN: true }),
  centre: fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
});
const inside = (v: View) => {
  const rect = visibleRect(v);
  const e = 1e-9;
  return rect.x >= -e && rect.y >= -e && rect.x + rect.width <= 1 + e && rect.y + rect.height <= 1 + e;
};

describe('the canvas view (zoom and pan)', () => {
  it('shows the whole frame at zoom 1, whatever the centre', () => {
    expect(visibleRect({ zoom: 1, centre: [0.9, 0.1] })).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    expect(panBy(WHOLE_FRAME, 0.2, 0.2)).toEqual(WHOLE_FRAME);
  });

  it('pans by frame fractions and stops at the frame’s edges', () => {
    const zoomed: View = { zoom: 2, centre: [0.5, 0.5] };
    expect(panBy(zoomed, 0.1, -0.05).centre).toEqual([0.6, 0.45]);
    expect(panBy(zoomed, 1, -1).centre).toEqual([0.75, 0.25]);
    expect(visibleRect(panBy(zoomed, -1, 0))).toEqual({ x: 0, y: 0.25, width: 0.5, height: 0.5 });
    expect(sameView(panBy(panBy(zoomed, 1, 0), 0.1, 0), panBy(zoomed, 1, 0))).toBe(true);
  });

  it('moves the picture with the pointer: dragging right by a quarter of the canvas shows what lay to the left', () => {
    const moved = panByPixels({ zoom: 4, centre: [0.5, 0.5] }, 200, 0, 800, 450);
    expect(moved.centre[0]).toBeCloseTo(0.5 - 0.25 / 4, 10);
    expect(moved.centre[1]).toBe(0.5);
    expect(panByPixels({ zoom: 4, centre: [0.5, 0.5] }, 10, 10, 0, 0)).toEqual({ zoom: 4, centre: [0.5, 0.5] });
  });

  it('never shows anything outside the frame, after any pan or zoom', () => {
    fc.assert(
      fc.property(view, fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: 0.1, max: 20, noNaN: true }), (v, dx, dy, zoom) => {
        return inside(clampView(v)) && inside(panBy(v, dx, dy)) && inside(zoomAround(v, zoom, [0.3, 0.7]));
      }),
    );
  });

  it('zooms around a point that stays under the pointer, unless the frame’s edge is in the way', () => {
    const start: View = { zoom: 2, centre: [0.5, 0.5] };
    const focus: [number, number] = [0.6, 0.4];
    const before = visibleRect(start);
    const after = visibleRect(zoomAround(start, 4, focus));
    // The focus sits at the same fraction of the visible part before and after.
    expect((focus[0] - after.x) / after.width).toBeCloseTo((focus[0] - before.x) / before.width, 10);
    expect((focus[1] - after.y) / after.height).toBeCloseTo((focus[1] - before.y) / before.height, 10);
    const at = framePointAt(zoomAround(start, 4, focus), (focus[0] - before.x) / before.width, (focus[1] - before.y) / before.height);
    expect(at[0]).toBeCloseTo(focus[0], 10);
    expect(zoomAround(start, 1, focus)).toEqual(WHOLE_FRAME);
    expect(zoomAround(start, 100, focus).zoom).toBe(MAX_ZOOM);
  });

  it('steps the zoom through the button steps, from any zoom a pinch left', () => {
    expect(nextZoomStep(1, 1)).toBe(1.5);
    expect(nextZoomStep(2.4, 1)).toBe(3);
    expect(nextZoomStep(2.4, -1)).toBe(2);
    expect(nextZoomStep(1, -1)).toBe(1);
    expect(nextZoomStep(MAX_ZOOM, 1)).toBe(MAX_ZOOM);
  });
});
