import type { TreeDatum, TreeLayout } from './tree-model';

export interface TreeLevel {
  /** levels below the top (1: its children) */
  level: number;
  /** members and empty slots of that level, left to right as the tree draws them */
  items: TreeDatum[];
}

/**
 * The tree's levels below the top as lists, for the phone's list view: the same members and empty
 * slots the tree draws, level by level, each level left to right.
 */
export function treeLevels(layout: Pick<TreeLayout, 'nodes'>): TreeLevel[] {
  const byLevel = new Map<number, { x: number; datum: TreeDatum }[]>();
  for (const n of layout.nodes) {
    if (n.depth === 0) continue;
    const row = byLevel.get(n.depth) ?? [];
    row.push({ x: n.x, datum: n.data });
    byLevel.set(n.depth, row);
  }
  return [...byLevel.entries()]
    .sort(([a], [b]) => a - b)
    .map(([level, row]) => ({ level, items: row.sort((a, b) => a.x - b.x).map((r) => r.datum) }));
}
