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

  it('when the card fits neither under nor over the member then it opens beside it, whole (issue 23)', () => {
    // a member in the middle of a short frame: 200 px above, 200 px below, the card needs 330
    const p = detailsPlacement({ x: 500, top: 220, bottom: 372, halfWidth: 94 }, frame, { need: 330 });
    expect(p.left).toBe(500 + 94 + 8);
    expect(p.top! + 330).toBeLessThanOrEqual(frame.height);
    expect(p.maxHeight).toBeGreaterThanOrEqual(330);
    // on the right edge it opens on the left of the member
    const q = detailsPlacement({ x: 900, top: 220, bottom: 372, halfWidth: 94 }, frame, { need: 330 });
    expect(q.left + 300).toBeLessThanOrEqual(900 - 94);
  });

  it('keeps inside the part of the frame the window shows', () => {
    // the window shows only the frame's first 450 px: the card must end above that
    const p = detailsPlacement({ x: 500, top: 40, bottom: 192 }, frame, {
      need: 240,
      visible: { top: 0, bottom: 450 },
    });
    expect(p.top).toBe(200);
    expect(p.top! + p.maxHeight).toBeLessThanOrEqual(450);
  });
});
