const GAP = 8;
const WIDTH = 300;

/** Room the card wants before it would rather open on the other side of the member. */
const COMFORT = 260;
const NARROW = 520;

/**
 * Where the card goes in the tree frame: under (or over) the member's card, inside the frame,
 * scrolling when there is too little room. On a phone it is a sheet along the bottom of the frame.
 */
export function detailsPlacement(
  anchor: { x: number; top: number; bottom: number },
  frame: { width: number; height: number },
): { left: number; right?: number; width?: string; top?: number; bottom?: number; maxHeight: number } {
  const maxAll = Math.max(120, frame.height - 2 * GAP);
  if (frame.width < NARROW) return { left: GAP, right: GAP, width: 'auto', bottom: GAP, maxHeight: maxAll };
  const width = Math.min(WIDTH, frame.width - 2 * GAP);
  const left = Math.max(GAP, Math.min(anchor.x - width / 2, frame.width - width - GAP));
  const below = frame.height - anchor.bottom - 2 * GAP;
  const above = anchor.top - 2 * GAP;
  if (below >= COMFORT || below >= above) {
    const top = Math.max(GAP, Math.min(anchor.bottom + GAP, frame.height - GAP - 120));
    return { left, top, maxHeight: Math.max(120, frame.height - top - GAP) };
  }
  const bottom = Math.max(GAP, Math.min(frame.height - anchor.top + GAP, frame.height - GAP - 120));
  return { left, bottom, maxHeight: Math.max(120, frame.height - bottom - GAP) };
}
