import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { seedTop } from '../../helpers/network';
import { checkTree } from '../../../src/modules/network/tree/check';
import { ancestorAt, jumpFor } from '../../../src/modules/network/tree/jump';

let t: TestApp;
const ids: number[] = [];
const parentIdx: number[] = [];

/** A deterministic pseudo-random source, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/**
 * A tree of 3,000 members shaped like spill-over: a long outer leg (depth in the thousands) with
 * short branches, written straight to the table with depth and jump pointers as placement sets them.
 */
beforeAll(async () => {
  t = await createTestApp();
  const top = await seedTop(t.database.db);
  ids.push(top.member.id);
  parentIdx.push(-1);
  const depth = [0];
  const jump = [0];
  const random = rng(42);
  const client = await t.database.pool.connect();
  try {
    await client.query('begin');
    const { rows: users } = await client.query<{ id: string }>(
      `insert into users (email, mobile, password_hash, first_name, last_name, invitation_code)
       select 'deep' || g || '@test.example', '07' || lpad(g::text, 8, '0'), 'x', 'ลึก', g::text, 'DEEP' || g
       from generate_series(1, 2999) g returning id`,
    );
    const childCount = [0];
    let outer = 0;
    for (let i = 1; i < 3000; i++) {
      // 80%: extend the outer leg; 20%: hang a short branch off a random node with room
      let p = outer;
      if (random() < 0.2) {
        do p = Math.floor(random() * i);
        while (childCount[p]! >= 2);
      }
      const side = childCount[p] === 0 ? 'left' : 'right';
      childCount[p]! += 1;
      childCount.push(0);
      depth.push(depth[p]! + 1);
      jump.push(jumpFor(p, depth, jump));
      parentIdx.push(p);
      const { rows } = await client.query<{ id: string }>(
        `insert into members (user_id, member_code, referrer_member_id, placement_parent_id, side, depth, jump_id, placed_at)
         values ($1, 'T' || lpad($2::text, 7, '0'), $3, $4, $5, $6, $7, now()) returning id`,
        [users[i - 1]!.id, i, ids[0], ids[p], side, depth[i], ids[jump[i]!]],
      );
      ids.push(Number(rows[0]!.id));
      if (p === outer && side === 'left') outer = i;
    }
    // team counts from scratch, deepest first
    const left = new Array(3000).fill(0);
    const right = new Array(3000).fill(0);
    const size = new Array(3000).fill(1);
    const order = [...ids.keys()].sort((a, b) => depth[b]! - depth[a]!);
    for (const i of order) {
      const p = parentIdx[i]!;
      if (p < 0) continue;
      size[p] += size[i];
    }
    for (let i = 1; i < 3000; i++) {
      const p = parentIdx[i]!;
      const { rows } = await client.query(`select side from members where id = $1`, [ids[i]]);
      if (rows[0].side === 'left') left[p] += size[i];
      else right[p] += size[i];
    }
    await client.query(
      `update members m set left_team = v.l, right_team = v.r from unnest($1::bigint[], $2::int[], $3::int[]) v(id, l, r) where m.id = v.id`,
      [ids, left, right],
    );
    await client.query('commit');
  } finally {
    client.release();
  }
}, 120_000);
afterAll(() => t.close());

const naiveIsAncestor = (a: number, b: number) => {
  for (let cur = b; cur >= 0; cur = parentIdx[cur]!) if (cur === a) return true;
  return false;
};

describe('jump pointers', () => {
  it('when the tree is thousands of levels deep then member_in_downline agrees with a walk up every parent', async () => {
    const random = rng(7);
    const pairs: [number, number][] = [];
    for (let k = 0; k < 300; k++) pairs.push([Math.floor(random() * 3000), Math.floor(random() * 3000)]);
    // include true pairs along the outer leg, far apart
    pairs.push([0, 2999], [1, 2999], [5, 2500]);
    const { rows } = await t.database.pool.query<{ ok: boolean }>(
      `select member_in_downline(a, b) as ok from unnest($1::bigint[], $2::bigint[]) with ordinality v(a, b, n) order by n`,
      [pairs.map(([a]) => ids[a]), pairs.map(([, b]) => ids[b])],
    );
    rows.forEach((r, k) =>
      expect(r.ok, `pair ${pairs[k]}`).toBe(naiveIsAncestor(pairs[k]![0], pairs[k]![1])),
    );
    const { rows: d } = await t.database.pool.query(`select max(depth) as d from members`);
    expect(Number(d[0].d)).toBeGreaterThan(1500);
  });

  it('when ancestorAt walks in memory then it finds the same ancestor as following parents', () => {
    const depth: number[] = [];
    const jump: number[] = [];
    const parent: number[] = [];
    for (let i = 0; i < 5000; i++) {
      parent.push(i === 0 ? 0 : i - 1 - (i % 7 === 0 ? 1 : 0));
      depth.push(i === 0 ? 0 : depth[parent[i]!]! + 1);
      jump.push(i === 0 ? 0 : jumpFor(parent[i]!, depth, jump));
    }
    for (const [node, target] of [
      [4999, 0],
      [4999, 1234],
      [3000, 2999 - 430],
      [17, 3],
    ] as const) {
      let cur: number = node;
      while (depth[cur]! > target) cur = parent[cur]!;
      expect(ancestorAt(node, target, parent, depth, jump)).toBe(cur);
    }
  });
});

describe('check:tree', () => {
  it('when the tree is as placement leaves it then the report is clean', async () => {
    const report = await checkTree(t.database.pool);
    expect(report).toMatchObject({ ok: true, placed: 3000, wrong_counts: [], wrong_jump: [], cycles: [] });
    expect(report.max_depth).toBeGreaterThan(1500);
  });

  it('when a count, a third child or a cycle is introduced then each is reported and the check fails', async () => {
    const client = await t.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(`update members set left_team = left_team + 1 where id = $1`, [ids[10]]);
      // a third child under node 20: drop the slot constraint for the experiment
      await client.query(`alter table members drop constraint members_slot_key`);
      await client.query(`update members set placement_parent_id = $1, side = 'left' where id = $2`, [
        ids[20],
        ids[2999],
      ]);
      await client.query(`update members set placement_parent_id = $1, side = 'right' where id = $2`, [
        ids[20],
        ids[2998],
      ]);
      // a cycle: node 100's parent becomes its own descendant
      await client.query(`update members set placement_parent_id = $1 where id = $2`, [ids[2500], ids[100]]);
      const { rows } = await client.query(`select 1`);
      expect(rows).toHaveLength(1);
      const report = await checkTree({ query: client.query.bind(client) } as never);
      expect(report.ok).toBe(false);
      expect(report.wrong_counts.map((w) => w.id)).toContain(ids[10]);
      expect(report.over_two_children).toContain(ids[20]);
      expect(report.cycles.length).toBeGreaterThan(0);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
