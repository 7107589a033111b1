import { describe, expect, it } from 'vitest';
import {
  clampCrop,
  coverScale,
  dragCrop,
  initialCrop,
  MAX_ZOOM,
  outputSide,
  sourceRect,
  zoomCrop,
} from './crop';

const landscape = { width: 1600, height: 800 };
const portrait = { width: 600, height: 1200 };
const FRAME = 200;

describe('avatar crop', () => {
  it('covers the frame with the short side at zoom 1, centred', () => {
    expect(coverScale(landscape, FRAME)).toBe(0.25);
    const c = initialCrop(landscape, FRAME);
    // shown 400 × 200: centred leaves 100 px each side
    expect(c).toEqual({ zoom: 1, x: -100, y: 0 });
    expect(sourceRect(c, landscape, FRAME)).toEqual({ sx: 400, sy: 0, size: 800 });
    expect(initialCrop(portrait, FRAME)).toEqual({ zoom: 1, x: 0, y: -100 });
  });

  it('never lets the frame show outside the image', () => {
    expect(clampCrop({ zoom: 1, x: 50, y: 30 }, landscape, FRAME)).toEqual({ zoom: 1, x: 0, y: 0 });
    expect(clampCrop({ zoom: 1, x: -500, y: -30 }, landscape, FRAME)).toEqual({ zoom: 1, x: -200, y: 0 });
  });

  it('keeps the zoom between 1 and the maximum', () => {
    expect(clampCrop({ zoom: 0.2, x: 0, y: 0 }, landscape, FRAME).zoom).toBe(1);
    expect(clampCrop({ zoom: 99, x: 0, y: 0 }, landscape, FRAME).zoom).toBe(MAX_ZOOM);
    expect(clampCrop({ zoom: Number.NaN, x: 0, y: 0 }, landscape, FRAME).zoom).toBe(1);
  });

  it('drags the image under the frame', () => {
    const c = dragCrop(initialCrop(landscape, FRAME), 60, 10, landscape, FRAME);
    expect(c).toEqual({ zoom: 1, x: -40, y: 0 });
    expect(sourceRect(c, landscape, FRAME)).toEqual({ sx: 160, sy: 0, size: 800 });
  });

  it('zooms around the centre, keeping the centre point still', () => {
    const start = initialCrop(landscape, FRAME);
    const z = zoomCrop(start, 2, landscape, FRAME);
    // image centre (800, 400) stays in the frame centre (100, 100) at scale 0.5
    expect(z).toEqual({ zoom: 2, x: -300, y: -100 });
    expect(sourceRect(z, landscape, FRAME)).toEqual({ sx: 600, sy: 200, size: 400 });
  });

  it('zooms around a corner anchor, clamped to the image', () => {
    const z = zoomCrop(initialCrop(portrait, FRAME), 2, portrait, FRAME, { x: 0, y: 0 });
    expect(z.zoom).toBe(2);
    expect(z.x).toBe(0);
    expect(z.y).toBeCloseTo(-200);
    const back = zoomCrop(z, 1, portrait, FRAME);
    expect(back.zoom).toBe(1);
    expect(back.x).toBe(0);
    expect(back.y).toBeLessThanOrEqual(0);
    expect(back.y).toBeGreaterThanOrEqual(-200);
  });

  it('sends the crop at its own resolution, never over 1024 px', () => {
    expect(outputSide(800)).toBe(800);
    expect(outputSide(3000)).toBe(1024);
    expect(outputSide(0.2)).toBe(1);
    const rect = sourceRect(
      zoomCrop(initialCrop(landscape, FRAME), MAX_ZOOM, landscape, FRAME),
      landscape,
      FRAME,
    );
    expect(rect.size).toBe(200);
    expect(rect.sx + rect.size).toBeLessThanOrEqual(landscape.width);
  });
});
