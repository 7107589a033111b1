import type { Db, Tx } from '../db/client';
import { PACE, pacer, queryArrays } from './bulk';

/**
 * The placement tree in arrays, for one closing: nodes in placement-depth order (deepest first), so
 * one pass adds every node's subtree volume into its parent (docs/plan.md E2: never a walk up the
 * ancestors per order), and Euler-tour intervals, so "is X in A's left leg" is two comparisons.
 */
export interface TreeIndex {
  size: number;
  ids: Float64Array;
  indexOf: Map<number, number>;
  parent: Int32Array;
  left: Int32Array;
  right: Int32Array;
  /** Node indexes, deepest first. */
  deepestFirst: Int32Array;
  tin: Int32Array;
  tout: Int32Array;
}

export async function loadTree(db: Db | Tx): Promise<TreeIndex> {
  const pace = pacer();
  const rows = await queryArrays<[string, string | null, string | null]>(
    db,
    `select id, placement_parent_id, side from members where depth is not null order by depth desc, id`,
  );
  const size = rows.length;
  const ids = new Float64Array(size);
  const indexOf = new Map<number, number>();
  for (let i = 0; i < size; i++) {
    if (i % PACE === 0) await pace();
    ids[i] = Number(rows[i]![0]);
    indexOf.set(ids[i]!, i);
  }
  const parent = new Int32Array(size).fill(-1);
  const left = new Int32Array(size).fill(-1);
  const right = new Int32Array(size).fill(-1);
  const deepestFirst = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    if (i % PACE === 0) await pace();
    const r = rows[i]!;
    deepestFirst[i] = i;
    if (r[1] === null) continue;
    const p = indexOf.get(Number(r[1]));
    if (p === undefined) continue;
    parent[i] = p;
    if (r[2] === 'left') left[p] = i;
    else right[p] = i;
  }
  // Euler tour (iterative: the tree is thousands deep).
  const tin = new Int32Array(size).fill(-1);
  const tout = new Int32Array(size).fill(-1);
  let clock = 0;
  let steps = 0;
  const stack: number[] = [];
  for (let root = 0; root < size; root++) {
    if (parent[root] !== -1) continue;
    stack.push(root);
    while (stack.length > 0) {
      if (++steps % PACE === 0) await pace();
      const node = stack[stack.length - 1]!;
      if (tin[node] === -1) {
        tin[node] = clock++;
        if (right[node]! >= 0) stack.push(right[node]!);
        if (left[node]! >= 0) stack.push(left[node]!);
      } else {
        tout[node] = clock - 1;
        stack.pop();
      }
    }
  }
  return { size, ids, indexOf, parent, left, right, deepestFirst, tin, tout };
}

/** Whether node x lies in the subtree rooted at node s. */
export const inSubtree = (t: TreeIndex, x: number, s: number) =>
  s >= 0 && t.tin[s]! <= t.tin[x]! && t.tin[x]! <= t.tout[s]!;

/** The side of `ancestor` on which `x` sits, or null when x is not below it. */
export function sideBelow(t: TreeIndex, x: number, ancestor: number): 'left' | 'right' | null {
  if (inSubtree(t, x, t.left[ancestor]!)) return 'left';
  if (inSubtree(t, x, t.right[ancestor]!)) return 'right';
  return null;
}
