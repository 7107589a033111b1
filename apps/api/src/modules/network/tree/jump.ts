/**
 * Myers' jump pointers, as the placement SQL computes them: a node's jump is its grandparent's
 * jump-of-jump when the parent's two jumps span equal distances, else its parent. The top points at
 * itself. Following jumps that do not overshoot reaches any ancestor in O(log depth) steps.
 */
export function jumpFor(parent: number, depth: ArrayLike<number>, jump: ArrayLike<number>): number {
  const j = jump[parent]!;
  const jj = jump[j]!;
  return j !== parent && depth[parent]! - depth[j]! === depth[j]! - depth[jj]! ? jj : parent;
}

/** The ancestor of `node` at `target` depth, by the same walk as member_ancestor_at(). */
export function ancestorAt(
  node: number,
  target: number,
  parent: ArrayLike<number>,
  depth: ArrayLike<number>,
  jump: ArrayLike<number>,
): number {
  let cur = node;
  while (depth[cur]! > target) {
    const j = jump[cur]!;
    cur = depth[j]! >= target && depth[j]! < depth[cur]! ? j : parent[cur]!;
  }
  return cur;
}
