import { describe, expect, it } from 'vitest';
import type { DownlineNode, DownlineTree } from '@portal/contracts/network';
import {
  CARD,
  fitTransform,
  initialView,
  layoutTree,
  linkPath,
  READABLE_SCALE,
  CARD_MIN_FONT_PX,
  MIN_SCREEN_FONT_PX,
  toTreeData,
  type TreeDatum,
} from './tree-model';

let nextId = 1;
function node(level: number, over: Partial<DownlineNode> = {}): DownlineNode {
  const id = nextId++;
  const left = over.left ?? null;
  const right = over.right ?? null;
  return {
    id,
    member_code: `M${String(id).padStart(7, '0')}`,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    avatar_id: id,
    avatar_thumbnail: null,
    gender: 'male',
    package: null,
    business_title: null,
    is_active: true,
    expiry_date: null,
    point: '0.00',
    left_team: left ? 1 : 0,
    right_team: right ? 1 : 0,
    left_points: '0.00',
    right_points: '0.00',
    side: null,
    level,
    placed_at: null,
    left,
    right,
    empty_left: !left,
    empty_right: !right,
    has_more: false,
    ...over,
  };
}

const tree = (top: DownlineNode, depth = 3): DownlineTree => ({ top, path: [], depth });

/** A full binary tree from `level` down to `depth`, whose last level has members below it. */
function full(level: number, depth: number): DownlineNode {
  if (level === depth) return node(level, { has_more: true, empty_left: false, empty_right: false });
  return node(level, { left: full(level + 1, depth), right: full(level + 1, depth) });
}

/** "m:<id>" or "e:<upline id>:<side>" in drawing order, one level per array. */
function levels(root: TreeDatum): string[][] {
  const out: string[][] = [];
  const walk = (d: TreeDatum, depth: number) => {
    (out[depth] ??= []).push(d.kind === 'member' ? `m:${d.node.id}` : `e:${d.upline.id}:${d.position}`);
    for (const c of d.children) walk(c, depth + 1);
  };
  walk(root, 0);
  return out;
}

describe('toTreeData', () => {
  it('puts an empty-slot placeholder on each free side, left before right', () => {
    const l = node(1);
    const top = node(0, { left: l });
    const data = toTreeData(tree(top));
    expect(data.isTop).toBe(true);
    expect(levels(data)).toEqual([
      [`m:${top.id}`],
      [`m:${l.id}`, `e:${top.id}:right`],
      [`e:${l.id}:left`, `e:${l.id}:right`],
    ]);
  });

  it('keeps the right child on the right when the left side is empty', () => {
    const r = node(1);
    const top = node(0, { right: r });
    const [first, second] = toTreeData(tree(top)).children;
    expect(first).toMatchObject({ kind: 'empty', position: 'left' });
    expect(second).toMatchObject({ kind: 'member' });
  });

  it('draws nothing under a last-level node that has more below, and both slots under a last-level leaf', () => {
    const more = node(1, {
      has_more: true,
      left_team: 4,
      right_team: 0,
      empty_left: false,
      empty_right: true,
    });
    const leaf = node(1);
    const top = node(0, { left: more, right: leaf });
    const data = toTreeData(tree(top, 1));
    const [a, b] = data.children;
    expect(a?.children).toEqual([]);
    expect(b?.children.map((c) => c.kind)).toEqual(['empty', 'empty']);
  });

  it('gives every datum a unique key', () => {
    const top = node(0, { left: node(1, { left: node(2) }), right: node(1) });
    const keys: string[] = [];
    const walk = (d: TreeDatum) => {
      keys.push(d.key);
      d.children.forEach(walk);
    };
    walk(toTreeData(tree(top)));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('layoutTree', () => {
  it('puts the top at the origin, left children left of right ones, one row per level', () => {
    const l = node(1);
    const r = node(1);
    const top = node(0, { left: l, right: r });
    const { nodes, links, emptySlots, bounds } = layoutTree(toTreeData(tree(top)));
    const byKey = new Map(nodes.map((n) => [n.data.key, n]));
    const t = byKey.get(`member-${top.id}`)!;
    const a = byKey.get(`member-${l.id}`)!;
    const b = byKey.get(`member-${r.id}`)!;
    expect([t.x, t.y]).toEqual([0, 0]);
    expect(a.x).toBeLessThan(b.x);
    expect(a.y).toBe(CARD.height + CARD.gapY);
    // 3 members + 4 empty slots, each drawn once, with a link to its parent
    expect(nodes).toHaveLength(7);
    expect(links).toHaveLength(6);
    expect(emptySlots).toHaveLength(4);
    // cards do not overlap
    const row = nodes.filter((n) => n.depth === 2).sort((p, q) => p.x - q.x);
    for (let i = 1; i < row.length; i++) expect(row[i]!.x - row[i - 1]!.x).toBeGreaterThanOrEqual(CARD.width);
    expect(bounds.x0).toBeLessThan(bounds.x1);
    expect(bounds.y0).toBe(-CARD.height / 2);
  });

  it('leaves room under a card for the more-below marker', () => {
    const top = node(0, { has_more: true, left_team: 3, empty_left: false, empty_right: true });
    const { bounds } = layoutTree(toTreeData(tree(top, 0)));
    expect(bounds.y1).toBe(CARD.height / 2 + CARD.markerHeight);
  });

  it('draws links from the bottom of the parent card to the top of the child card', () => {
    const top = node(0, { left: node(1) });
    const { links } = layoutTree(toTreeData(tree(top)));
    const toMember = links.find((k) => k.target.data.kind === 'member')!;
    expect(linkPath(toMember)).toMatch(new RegExp(`^M0,${CARD.height / 2}V`));
    expect(linkPath(toMember).endsWith(`V${toMember.target.y - CARD.height / 2}`)).toBe(true);
  });
});

describe('fitTransform', () => {
  const bounds = { x0: -500, x1: 500, y0: -50, y1: 450 };

  it('scales the whole tree into the view and centres it', () => {
    const t = fitTransform(bounds, { width: 1048, height: 800 }, { padding: 24 });
    expect(t.k).toBeCloseTo(1);
    expect(t.x).toBeCloseTo(524);
    expect(t.y).toBeCloseTo(400 - 200);
  });

  it('can align the tree to the top edge instead of the middle', () => {
    const t = fitTransform(bounds, { width: 1048, height: 800 }, { padding: 24, align: 'top' });
    expect(t.y).toBeCloseTo(24 + 50);
    expect(t.x).toBeCloseTo(524);
  });

  it('never zooms in beyond maxScale for a small tree', () => {
    expect(fitTransform({ x0: -50, x1: 50, y0: -50, y1: 50 }, { width: 1000, height: 800 }).k).toBe(1);
  });

  it('keeps the minimum scale on a narrow phone and shows the top member, centred', () => {
    const t = fitTransform(bounds, { width: 360, height: 500 }, { padding: 16, minScale: 0.5 });
    expect(t.k).toBe(0.5);
    expect(t.x).toBe(180); // x = 0 (the top member) lands mid-screen
    expect(t.y).toBe(16 + 50 * 0.5);
  });
});

describe('initialView', () => {
  const wide = { x0: -900, x1: 900, y0: -67, y1: 700 };
  const topBounds = { x0: -500, x1: 500, y0: -67, y1: 330 };

  it('shows the whole tree when it stays readable', () => {
    const v = initialView(
      { bounds: { x0: -400, x1: 400, y0: -67, y1: 500 }, topBounds },
      { width: 1000, height: 700 },
    );
    expect(v.k).toBeGreaterThanOrEqual(READABLE_SCALE);
    expect(v.y).toBeCloseTo(16 + 67 * v.k);
  });

  it('on a narrower screen shows the top and both children, still readable', () => {
    const v = initialView(
      { bounds: wide, topBounds: { x0: -300, x1: 300, y0: -67, y1: 330 } },
      { width: 700, height: 470 },
    );
    expect(v.k).toBeGreaterThanOrEqual(READABLE_SCALE);
    // both children's outer edges are on screen
    expect(v.x + -300 * v.k).toBeGreaterThanOrEqual(0);
    expect(v.x + 300 * v.k).toBeLessThanOrEqual(700);
  });

  it('when the smallest card text is drawn at the first zoom then it is at least 12 px on screen', () => {
    expect(CARD_MIN_FONT_PX * READABLE_SCALE).toBeGreaterThanOrEqual(MIN_SCREEN_FONT_PX);
    expect(MIN_SCREEN_FONT_PX).toBe(12);
  });

  it('on a desktop shows three levels: whole when they fit, else from the top centred on the top member (issue 23)', () => {
    const deep = layoutTree(toTreeData(tree(full(0, 3), 3)));
    const view = { width: 1060, height: 576 };
    const v = initialView(deep, view);
    expect(v.k).toBe(READABLE_SCALE);
    const third = deep.nodes.filter((n) => n.depth === 2);
    // every card of the third level is above the frame's bottom, the fourth level's are not all
    for (const n of third) expect(v.y + (n.y + CARD.height / 2) * v.k).toBeLessThanOrEqual(view.height);
    expect(v.x).toBe(view.width / 2);
  });

  it('on a 360 px phone shows the top and both children whole at a readable zoom (issue 23)', () => {
    const shallow = layoutTree(toTreeData(tree(full(0, 1), 1)));
    // the frame of a 360 px phone: 336 px wide (the page's 12 px margins)
    const view = { width: 336, height: 473 };
    const v = initialView(shallow, view);
    expect(v.k).toBe(READABLE_SCALE);
    for (const n of shallow.nodes) {
      expect(v.x + (n.x - CARD.width / 2) * v.k).toBeGreaterThanOrEqual(0);
      expect(v.x + (n.x + CARD.width / 2) * v.k).toBeLessThanOrEqual(view.width);
    }
  });

  it('otherwise keeps the cards readable and centres the top member', () => {
    const v = initialView({ bounds: wide, topBounds }, { width: 330, height: 470 });
    expect(v.k).toBe(READABLE_SCALE);
    expect(v.x).toBe(165);
  });
});
