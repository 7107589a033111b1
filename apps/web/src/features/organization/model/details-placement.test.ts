import { describe, expect, it } from 'vitest';
import { detailsPlacement } from './details-placement';

const frame = { width: 1000, height: 600 };

describe('detailsPlacement', () => {
  it('opens under a member near the top of the frame, centred on it and kept inside', () => {
    const p = detailsPlacement({ x: 500, top: 40, bottom: 120 }, frame);
    expect(p.top).toBe(128);
    expect(p.left).toBe(350);
    expect(p.top! + p.maxHeight).toBeLessThanOrEqual(frame.height);
  });

  it('opens above a member near the bottom of the frame', () => {
    const p = detailsPlacement({ x: 500, top: 450, bottom: 530 }, frame);
    expect(p.top).toBeUndefined();
    expect(p.bottom).toBe(600 - 450 + 8);
    expect(p.maxHeight).toBeLessThanOrEqual(450);
  });

  it('never leaves the frame sideways', () => {
    expect(detailsPlacement({ x: 5, top: 40, bottom: 120 }, frame).left).toBe(8);
    expect(detailsPlacement({ x: 995, top: 40, bottom: 120 }, frame).left).toBe(1000 - 300 - 8);
  });

  it('is a sheet along the bottom on a phone', () => {
    const p = detailsPlacement({ x: 100, top: 40, bottom: 120 }, { width: 330, height: 470 });
    expect(p).toMatchObject({ left: 8, right: 8, bottom: 8, width: 'auto' });
    expect(p.maxHeight).toBe(470 - 16);
  });
});
