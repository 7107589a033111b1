const GAP = 8;
const WIDTH = 300;

/** Room the card wants before it would rather open on the other side of the member. */
const COMFORT = 260;
const NARROW = 520;

export interface Placement {
  left: number;
  right?: number;
  width?: string;
  top?: number;
  bottom?: number;
  maxHeight: number;
}

/**
 * Where the card goes in the tree frame: under (or over) the member's card, inside the frame and
 * inside the part of it the window shows (`visible`, frame pixels; the whole frame by default), so
 * none of it (the left and right points at its end) is cut. When the card's natural height (`need`)
 * fits neither under nor over the member, it opens beside the member's card (right, else left)
 * from the top of the visible part; only when nothing fits does it scroll. On a phone it is a
 * sheet along the bottom of the frame (which the tree then scrolls into view).
 */
export function detailsPlacement(
  anchor: { x: number; top: number; bottom: number; halfWidth?: number },
  frame: { width: number; height: number },
  { need = COMFORT, visible }: { need?: number; visible?: { top: number; bottom: number } } = {},
): Placement {
  const vTop = Math.max(0, visible?.top ?? 0);
  const vBottom = Math.min(frame.height, visible?.bottom ?? frame.height);
  // A phone: the tree scrolls the frame into view when the sheet opens; it fills the frame's width.
  if (frame.width < NARROW)
    return {
      left: GAP,
      right: GAP,
      width: 'auto',
      bottom: GAP,
      maxHeight: Math.max(120, frame.height - 2 * GAP),
    };
  const room = Math.max(120, vBottom - vTop - 2 * GAP);
  const width = Math.min(WIDTH, frame.width - 2 * GAP);
  const centred = Math.max(GAP, Math.min(anchor.x - width / 2, frame.width - width - GAP));
  const below = vBottom - anchor.bottom - 2 * GAP;
  const above = anchor.top - vTop - 2 * GAP;
  const under = (): Placement => {
    const top = Math.max(vTop + GAP, Math.min(anchor.bottom + GAP, vBottom - GAP - 120));
    return { left: centred, top, maxHeight: Math.max(120, vBottom - top - GAP) };
  };
  const over = (): Placement => {
    const bottom = Math.max(
      frame.height - vBottom + GAP,
      Math.min(frame.height - anchor.top + GAP, frame.height - vTop - GAP - 120),
    );
    return { left: centred, bottom, maxHeight: Math.max(120, frame.height - bottom - vTop - GAP) };
  };
  if (below >= need) return under();
  if (above >= need) return over();
  // Beside the member's card, where its whole height fits.
  const half = anchor.halfWidth ?? 0;
  const rightX = anchor.x + half + GAP;
  const leftX = anchor.x - half - GAP - width;
  const besideX = rightX + width <= frame.width - GAP ? rightX : leftX >= GAP ? leftX : null;
  if (besideX !== null && room >= Math.min(need, room)) {
    const top = Math.max(vTop + GAP, Math.min(anchor.top, vBottom - GAP - Math.min(need, room)));
    return { left: besideX, top, maxHeight: Math.max(120, vBottom - top - GAP) };
  }
  return below >= above ? under() : over();
}
