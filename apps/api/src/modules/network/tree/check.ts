import type pg from 'pg';

export interface TreeReport {
  ok: boolean;
  members: number;
  placed: number;
  tops: number;
  max_depth: number;
  wrong_counts: { id: number; stored: [number, number]; actual: [number, number] }[];
  wrong_depth: number[];
  wrong_jump: number[];
  over_two_children: number[];
  cycles: number[];
  missing_referrer: number[];
  unreachable: number[];
}

/**
 * Recounts everything from placement_parent_id and side alone, in memory (a million members fit in
 * a few typed arrays), and compares with the maintained columns. Bounded: at most 50 examples each.
 */
export async function checkTree(pool: pg.Pool): Promise<TreeReport> {
  const { rows } = await pool.query<{
    id: string;
    parent: string | null;
    side: string | null;
    depth: number | null;
    jump: string | null;
    referrer: string | null;
    referrer_exists: boolean;
    left_team: number;
    right_team: number;
  }>(`
    select m.id, m.placement_parent_id as parent, m.side, m.depth, m.jump_id as jump, m.referrer_member_id as referrer,
      (m.referrer_member_id is null or exists (select 1 from members r where r.id = m.referrer_member_id)) as referrer_exists,
      m.left_team, m.right_team
    from members m order by m.id`);
  const n = rows.length;
  const index = new Map<number, number>();
  rows.forEach((r, i) => index.set(Number(r.id), i));
  const parent = new Int32Array(n).fill(-1);
  const isLeft = new Uint8Array(n);
  const children = new Uint8Array(n);
  const placed = new Uint8Array(n);
  const report: TreeReport = {
    ok: true,
    members: n,
    placed: 0,
    tops: 0,
    max_depth: 0,
    wrong_counts: [],
    wrong_depth: [],
    wrong_jump: [],
    over_two_children: [],
    cycles: [],
    missing_referrer: [],
    unreachable: [],
  };
  const push = <T>(list: T[], v: T) => list.length < 50 && list.push(v);

  rows.forEach((r, i) => {
    if (r.depth !== null) placed[i] = 1;
    if (!r.referrer_exists) push(report.missing_referrer, Number(r.id));
    if (r.parent !== null) {
      const p = index.get(Number(r.parent));
      if (p === undefined) return;
      parent[i] = p;
      isLeft[i] = r.side === 'left' ? 1 : 0;
      children[p]! += 1;
      if (children[p]! > 2) push(report.over_two_children, Number(rows[p]!.id));
    } else if (r.depth === 0) report.tops++;
  });

  // Depth from the parent chain, with cycle detection (a chain longer than n has a cycle).
  const depth = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (!placed[i] && parent[i] === -1) continue;
    const chain: number[] = [];
    let cur = i;
    while (cur !== -1 && depth[cur] === -1 && chain.length <= n) {
      chain.push(cur);
      cur = parent[cur]!;
    }
    if (chain.length > n) {
      push(report.cycles, Number(rows[i]!.id));
      continue;
    }
    let d = cur === -1 ? -1 : depth[cur]!;
    for (let k = chain.length - 1; k >= 0; k--) depth[chain[k]!] = ++d;
  }

  // Subtree sizes, deepest first.
  const order = Array.from({ length: n }, (_, i) => i).filter((i) => depth[i]! >= 0);
  order.sort((a, b) => depth[b]! - depth[a]!);
  const size = new Int32Array(n);
  const left = new Int32Array(n);
  const right = new Int32Array(n);
  for (const i of order) {
    size[i]! += 1;
    const p = parent[i]!;
    if (p === -1) continue;
    size[p]! += size[i]!;
    if (isLeft[i]) {
      left[p]! += size[i]!;
    } else {
      right[p]! += size[i]!;
    }
  }

  const jumpIndex = new Int32Array(n).fill(-1);
  rows.forEach((r, i) => {
    if (r.jump !== null) jumpIndex[i] = index.get(Number(r.jump)) ?? -1;
  });
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    if (placed[i]) report.placed++;
    if (placed[i] && depth[i]! > report.max_depth) report.max_depth = depth[i]!;
    if (r.parent !== null && !placed[i]) push(report.unreachable, Number(r.id));
    if (placed[i] && r.depth !== depth[i]) push(report.wrong_depth, Number(r.id));
    if (r.left_team !== left[i] || r.right_team !== right[i]) {
      push(report.wrong_counts, {
        id: Number(r.id),
        stored: [r.left_team, r.right_team],
        actual: [left[i]!, right[i]!],
      });
    }
    // The jump pointer must name an ancestor (or the member itself for a top).
    if (placed[i]) {
      const j = jumpIndex[i]!;
      let ok = j !== -1;
      if (ok && parent[i] !== -1) {
        let cur = parent[i]!;
        while (cur !== -1 && cur !== j) cur = depth[cur]! > depth[j]! ? parent[cur]! : -1;
        ok = cur === j;
      }
      if (!ok) push(report.wrong_jump, Number(r.id));
    }
  }
  report.ok =
    report.wrong_counts.length +
      report.wrong_depth.length +
      report.wrong_jump.length +
      report.over_two_children.length +
      report.cycles.length +
      report.missing_referrer.length +
      report.unreachable.length ===
    0;
  return report;
}
