import { hierarchy, tree, type HierarchyPointLink, type HierarchyPointNode } from 'd3-hierarchy';
import type { DownlineNode, DownlineTree } from '@portal/contracts/network';
import { SIDES, type Side } from '@portal/contracts/downline';

/** A member of the fetched tree. */
export interface MemberDatum {
  kind: 'member';
  key: string;
  node: DownlineNode;
  isTop: boolean;
  children: TreeDatum[];
}

/** An empty child slot: drawn as a dashed card that starts the add-member wizard. */
export interface EmptyDatum {
  kind: 'empty';
  key: string;
  upline: DownlineNode;
  position: Side;
  /** levels below the top */
  level: number;
  children: TreeDatum[];
}

export type TreeDatum = MemberDatum | EmptyDatum;

/**
 * Turns the API's nested tree into the hierarchy the layout draws: each member gets its left and
 * right child in that order, and an empty-slot placeholder where the side is free. A node on the
 * last fetched level that has children below (has_more) gets no placeholders: its other side may
 * be taken beyond what was fetched, and a lone placeholder would be drawn under the wrong side.
 */
export function toTreeData(data: DownlineTree): MemberDatum {
  const build = (node: DownlineNode, isTop: boolean): MemberDatum => {
    const children: TreeDatum[] = [];
    const childrenFetched = !node.has_more;
    for (const side of SIDES) {
      const child = node[side];
      if (child) children.push(build(child, false));
      else if (childrenFetched && (side === 'left' ? node.empty_left : node.empty_right)) {
        children.push({
          kind: 'empty',
          key: `empty-${node.id}-${side}`,
          upline: node,
          position: side,
          level: node.level + 1,
          children: [],
        });
      }
    }
    return { kind: 'member', key: `member-${node.id}`, node, isTop, children };
  };
  return build(data.top, true);
}

/**
 * Card sizes in SVG units (px at zoom 1). Narrow enough that the top and both of its children fit
 * a 360 px phone at zoom 1 (2 × 152 + 12 = 316 px), low enough that three levels fit under a
 * desktop's fold (3 × 136 + 2 × 40 = 488 px); issue 23.
 */
export const CARD = {
  width: 152,
  /** room for a name on two lines (names wrap rather than being cut) */
  height: 136,
  emptyHeight: 76,
  gapX: 12,
  gapY: 40,
  /** room under a card for the "more below" marker */
  markerHeight: 30,
} as const;

export function cardHeight(datum: TreeDatum): number {
  return datum.kind === 'member' ? CARD.height : CARD.emptyHeight;
}

export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TreeLayout {
  nodes: HierarchyPointNode<TreeDatum>[];
  links: HierarchyPointLink<TreeDatum>[];
  bounds: Bounds;
  /** the top and its two children only: what a narrow first view tries to show */
  topBounds: Bounds;
  /** levelBounds[d]: the top and the levels down to d below it (0: the top alone) */
  levelBounds: Bounds[];
  /** every empty slot drawn, top to bottom, left to right */
  emptySlots: EmptyDatum[];
}

/** d3.tree with a fixed node size: the top sits at (0, 0), each level one row lower. */
export function layoutTree(data: MemberDatum): TreeLayout {
  const root = hierarchy<TreeDatum>(data, (d) => d.children);
  const pointRoot = tree<TreeDatum>()
    .nodeSize([CARD.width + CARD.gapX, CARD.height + CARD.gapY])
    // Cousins a little further apart than siblings, so the two legs of a node read as a pair.
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.08))(root);
  const nodes = pointRoot.descendants();
  const bounds: Bounds = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const topBounds: Bounds = { ...bounds };
  const grow = (b: Bounds, n: HierarchyPointNode<TreeDatum>) => {
    const h = cardHeight(n.data);
    const below = n.data.kind === 'member' && n.data.node.has_more ? CARD.markerHeight : 0;
    b.x0 = Math.min(b.x0, n.x - CARD.width / 2);
    b.x1 = Math.max(b.x1, n.x + CARD.width / 2);
    b.y0 = Math.min(b.y0, n.y - h / 2);
    b.y1 = Math.max(b.y1, n.y + h / 2 + below);
  };
  const emptySlots: EmptyDatum[] = [];
  const levelBounds: Bounds[] = [];
  const deepest = Math.max(0, ...nodes.map((n) => n.depth));
  for (let d = 0; d <= deepest; d++) levelBounds.push({ ...bounds });
  for (const n of nodes) {
    grow(bounds, n);
    if (n.depth <= 1) grow(topBounds, n);
    for (let d = n.depth; d <= deepest; d++) grow(levelBounds[d]!, n);
    if (n.data.kind === 'empty') emptySlots.push(n.data);
  }
  return { nodes, links: pointRoot.links(), bounds, topBounds, levelBounds, emptySlots };
}

/** An elbow from the bottom of the parent card to the top of the child card. */
export function linkPath(link: HierarchyPointLink<TreeDatum>): string {
  const { source, target } = link;
  const sy = source.y + cardHeight(source.data) / 2;
  const ty = target.y - cardHeight(target.data) / 2;
  const my = sy + (ty - sy) / 2;
  return `M${source.x},${sy}V${my}H${target.x}V${ty}`;
}

export interface ViewTransform {
  k: number;
  x: number;
  y: number;
}

export interface FitOptions {
  padding?: number;
  minScale?: number;
  maxScale?: number;
  /** 'top' puts the top member near the top edge (a first view reads top-down); 'center' centres */
  align?: 'center' | 'top';
}

/**
 * The zoom that shows all of `bounds` in a `width` × `height` view, centred (or from the top). When that would be
 * smaller than `minScale` (a wide tree on a phone), it keeps `minScale` and shows the top of the
 * tree, horizontally centred on the top member at x = 0, instead.
 */
export function fitTransform(
  bounds: Bounds,
  view: { width: number; height: number },
  { padding = 24, minScale = 0.1, maxScale = 1, align = 'center' }: FitOptions = {},
): ViewTransform {
  const bw = Math.max(1, bounds.x1 - bounds.x0);
  const bh = Math.max(1, bounds.y1 - bounds.y0);
  const availW = Math.max(1, view.width - 2 * padding);
  const availH = Math.max(1, view.height - 2 * padding);
  const fit = Math.min(availW / bw, availH / bh, maxScale);
  if (fit >= minScale) {
    return {
      k: fit,
      x: view.width / 2 - ((bounds.x0 + bounds.x1) / 2) * fit,
      y: align === 'top' ? padding - bounds.y0 * fit : view.height / 2 - ((bounds.y0 + bounds.y1) / 2) * fit,
    };
  }
  const k = minScale;
  return { k, x: view.width / 2, y: padding - bounds.y0 * k };
}

/** The smallest text a card draws, in SVG px at zoom 1 (tree.module.css). */
export const CARD_MIN_FONT_PX = 12;
/** Issue 11: the cards' text is at least 12 px on screen at the first zoom, on a desktop and a phone. */
export const MIN_SCREEN_FONT_PX = 12;
/** Smallest zoom of a first view: the smallest card text is then MIN_SCREEN_FONT_PX on screen. */
export const READABLE_SCALE = MIN_SCREEN_FONT_PX / CARD_MIN_FONT_PX;

/** Below this width a view is a phone's: it starts from the top and its children. */
export const WIDE_VIEW = 500;

/** The padding a first view and the fit button keep around the tree. */
export const viewPadding = (width: number) => (width < WIDE_VIEW ? 8 : 16);

/**
 * The first view of a tree, always at a readable zoom (issue 23): all of it when it fits so; else,
 * on a wide view, the first three levels (whole when they fit; when only their height fits, from
 * the top and centred on the top member, the outer cards leading off the sides); else the top
 * with both of its children (a phone); else the top member, centred, with the legs leading
 * off-screen. The fit button and pinching zoom out from there.
 */
export function initialView(
  layout: Pick<TreeLayout, 'bounds' | 'topBounds'> & Partial<Pick<TreeLayout, 'levelBounds'>>,
  view: { width: number; height: number },
): ViewTransform {
  const padding = viewPadding(view.width);
  const options = { padding, minScale: 0, align: 'top' } as const;
  const all = fitTransform(layout.bounds, view, options);
  if (all.k >= READABLE_SCALE) return all;
  const three = layout.levelBounds?.[2];
  if (three && view.width >= WIDE_VIEW) {
    const whole = fitTransform(three, view, options);
    if (whole.k >= READABLE_SCALE) return whole;
    const tallEnough = (view.height - 2 * padding) / Math.max(1, three.y1 - three.y0) >= READABLE_SCALE;
    if (tallEnough) return { k: READABLE_SCALE, x: view.width / 2, y: padding - three.y0 * READABLE_SCALE };
  }
  const top = fitTransform(layout.topBounds, view, options);
  if (top.k >= READABLE_SCALE) return top;
  return fitTransform(layout.bounds, view, { ...options, minScale: READABLE_SCALE });
}
