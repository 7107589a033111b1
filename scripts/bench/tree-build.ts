import type pg from 'pg';
import { jumpFor } from '../../apps/api/src/modules/network/tree/jump';

/** The tree in memory, indexed 0..n-1 (member id = index + 1). */
export interface BuiltTree {
  n: number;
  parent: Int32Array;
  isLeft: Uint8Array;
  depth: Int32Array;
  jump: Int32Array;
  referrer: Int32Array;
  left: Int32Array;
  right: Int32Array;
  leftTeam: Int32Array;
  rightTeam: Int32Array;
  maxDepth: number;
  meanDepth: number;
}

export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A realistic shape: each new member has a random referrer among those before, drawn in proportion
 * to how many people they already recruited (a few leaders recruit most, as in real networks);
 * the new member takes the referrer's first free slot, or, when both are taken, spills over to the
 * bottom of the referrer's extreme outer leg (left or right at random). Leaders' outer legs grow
 * thousands deep.
 */
export function buildTree(n: number, random: () => number): BuiltTree {
  const parent = new Int32Array(n).fill(-1);
  const isLeft = new Uint8Array(n);
  const depth = new Int32Array(n);
  const jump = new Int32Array(n);
  const referrer = new Int32Array(n).fill(-1);
  const left = new Int32Array(n).fill(-1);
  const right = new Int32Array(n).fill(-1);
  // last known bottom of each node's outer legs: walking on from there is amortised cheap
  const bottomL = new Int32Array(n);
  const bottomR = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    bottomL[i] = i;
    bottomR[i] = i;
  }
  const attach = (i: number, p: number, asLeft: boolean) => {
    parent[i] = p;
    isLeft[i] = asLeft ? 1 : 0;
    if (asLeft) left[p] = i;
    else right[p] = i;
    depth[i] = depth[p]! + 1;
    jump[i] = jumpFor(p, depth, jump);
  };
  // one ticket per member plus one per recruit: drawing a ticket is preferential attachment
  const tickets = new Int32Array(2 * n);
  let ticketCount = 1;
  for (let i = 1; i < n; i++) {
    const r = tickets[Math.floor(random() * ticketCount)]!;
    tickets[ticketCount++] = i;
    tickets[ticketCount++] = r;
    referrer[i] = r;
    if (left[r] === -1) attach(i, r, true);
    else if (right[r] === -1) attach(i, r, false);
    else {
      const goLeft = random() < 0.5;
      const child = goLeft ? left : right;
      const bottom = goLeft ? bottomL : bottomR;
      let b = bottom[r]!;
      while (child[b] !== -1) b = child[b]!;
      bottom[r] = b;
      attach(i, b, goLeft);
    }
  }
  const leftTeam = new Int32Array(n);
  const rightTeam = new Int32Array(n);
  const size = new Int32Array(n).fill(1);
  // children always have larger indexes than parents: one reverse pass sums subtrees
  for (let i = n - 1; i > 0; i--) {
    const p = parent[i]!;
    size[p]! += size[i]!;
    if (isLeft[i]) leftTeam[p]! += size[i]!;
    else rightTeam[p]! += size[i]!;
  }
  let maxDepth = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    if (depth[i]! > maxDepth) maxDepth = depth[i]!;
    sum += depth[i]!;
  }
  return {
    n,
    parent,
    isLeft,
    depth,
    jump,
    referrer,
    left,
    right,
    leftTeam,
    rightTeam,
    maxDepth,
    meanDepth: sum / n,
  };
}

const FIRST = [
  'สมชาย',
  'สมศรี',
  'วิชัย',
  'มาลี',
  'ประเสริฐ',
  'กาญจนา',
  'อนันต์',
  'ศิริพร',
  'ธนากร',
  'นภัสสร',
  'Somchai',
  'Malee',
  'Anan',
  'Siriporn',
];
const LAST = ['ใจดี', 'รักไทย', 'ศรีสุข', 'ทองดี', 'แก้วมณี', 'บุญมา', 'มั่นคง', 'Jaidee', 'Srisuk', 'Thongdee'];

/** Writes users and members in batches, trigram indexes dropped during the load and rebuilt after. */
export async function loadTree(pool: pg.Pool, tree: BuiltTree, log: (s: string) => void, batch = 20_000) {
  const c = await pool.connect();
  try {
    await c.query('set synchronous_commit = off');
    await c.query('drop index if exists users_search_trgm_idx');
    await c.query('drop index if exists members_code_trgm_idx');
    for (let start = 0; start < tree.n; start += batch) {
      const end = Math.min(tree.n, start + batch);
      const ids: number[] = [];
      const first: string[] = [];
      const last: string[] = [];
      const parents: (number | null)[] = [];
      const sides: (string | null)[] = [];
      const depths: number[] = [];
      const jumps: number[] = [];
      const refs: (number | null)[] = [];
      const lt: number[] = [];
      const rt: number[] = [];
      for (let i = start; i < end; i++) {
        ids.push(i + 1);
        first.push(FIRST[i % FIRST.length]!);
        last.push(`${LAST[(i * 7) % LAST.length]} ${i}`);
        parents.push(tree.parent[i]! === -1 ? null : tree.parent[i]! + 1);
        sides.push(tree.parent[i]! === -1 ? null : tree.isLeft[i] ? 'left' : 'right');
        depths.push(tree.depth[i]!);
        jumps.push(i === 0 ? 1 : tree.jump[i]! + 1);
        refs.push(tree.referrer[i]! === -1 ? null : tree.referrer[i]! + 1);
        lt.push(tree.leftTeam[i]!);
        rt.push(tree.rightTeam[i]!);
      }
      await c.query('begin');
      await c.query(
        `insert into users (id, email, mobile, password_hash, first_name, last_name, invitation_code, is_verifies_email, is_verifies_mobile)
         select id, 'b' || id || '@bench.test', '06' || lpad(id::text, 8, '0'), 'x', f, l, 'B' || id, true, true
         from unnest($1::bigint[], $2::text[], $3::text[]) v(id, f, l)`,
        [ids, first, last],
      );
      await c.query(
        `insert into members (id, user_id, member_code, referrer_member_id, placement_parent_id, side, depth, jump_id,
           left_team, right_team, point, placed_at, created_at)
         select id, id, 'M' || lpad(id::text, 8, '0'), r, p, s, d, j, lt, rt, 0,
           now() - make_interval(secs => ($10 - id) * 30), now() - make_interval(secs => ($10 - id) * 30)
         from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::int[], $6::bigint[], $7::int[], $8::int[], $9::bigint[])
           v(id, p, r, s, d, j, lt, rt, user_id)`,
        [ids, parents, refs, sides, depths, jumps, lt, rt, ids, tree.n],
      );
      await c.query('commit');
      if ((start / batch) % 10 === 0)
        log(`  loaded ${end.toLocaleString('en')} / ${tree.n.toLocaleString('en')}`);
    }
    await c.query(`select setval('users_id_seq', $1)`, [tree.n]);
    await c.query(`select setval('members_id_seq', $1)`, [tree.n]);
    log('  rebuilding search indexes');
    await c.query('create index users_search_trgm_idx on users using gin (search_text gin_trgm_ops)');
    await c.query('create index members_code_trgm_idx on members using gin (member_code gin_trgm_ops)');
    await c.query('vacuum analyze users');
    await c.query('vacuum analyze members');
  } finally {
    c.release();
  }
}
