// `npm run bench:tree -- --members N` (default 100,000): builds a realistic binary tree in a database
// of its own, then measures through the real HTTP API (and SQL for the ancestry check) the bars of
// the bars of docs/benchmarks.md, with the naive recursive-CTE recount measured in the same run for the
// ratio. Figures go to stdout and bench-results/tree-<N>.json.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { migrateDatabase } from '../../apps/api/src/db/migrate';
import { TokenSigner } from '../../apps/api/src/lib/tokens';
import { benchDatabase } from './database';
import { buildTree, loadTree, rng } from './tree-build';
import { arg, log, pct, stats } from './measure';

const N = arg('members', 100_000);
const SAMPLES = arg('samples', 300);
const CLIENTS = 8;
const PER_CLIENT = arg('placements', 25);

const time = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};

const bench = await benchDatabase('tree');
const { database } = bench;

try {
  const t0 = performance.now();
  log(`Building a ${N.toLocaleString('en')}-member tree in memory`);
  const random = rng(2569);
  const tree = buildTree(N, random);
  log(`  depth: max ${tree.maxDepth}, mean ${tree.meanDepth.toFixed(1)}`);
  await migrateDatabase(database.db);
  await loadTree(database.pool, tree, log);
  const buildSeconds = (performance.now() - t0) / 1000;
  log(`  built and loaded in ${buildSeconds.toFixed(1)} s`);

  // Placers: random leaves (their own slots are theirs alone), each with members waiting for them.
  const placers: number[] = [];
  while (placers.length < CLIENTS) {
    const i = Math.floor(random() * N);
    if (tree.left[i] === -1 && tree.right[i] === -1 && !placers.includes(i)) placers.push(i);
  }
  const waitingStart = N + 1;
  const waitIds: number[] = [];
  const waitRefs: number[] = [];
  placers.forEach((p, c) => {
    for (let k = 0; k < PER_CLIENT; k++) {
      waitIds.push(waitingStart + c * PER_CLIENT + k);
      waitRefs.push(p + 1);
    }
  });
  await database.pool.query(
    `insert into users (id, email, mobile, password_hash, first_name, last_name, invitation_code)
     select id, 'w' || id || '@bench.test', '05' || lpad(id::text, 8, '0'), 'x', 'รอ', 'วาง ' || id, 'W' || id from unnest($1::bigint[]) id`,
    [waitIds],
  );
  await database.pool.query(
    `insert into members (id, user_id, member_code, referrer_member_id) select id, id, 'W' || lpad(id::text, 8, '0'), r
     from unnest($1::bigint[], $2::bigint[]) v(id, r)`,
    [waitIds, waitRefs],
  );

  const secret = 'bench-secret'.padEnd(48, 'x');
  const config = loadConfig({
    DATA_DIR: bench.dir,
    DATABASE_URL: bench.url,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_GLOBAL: '100000000',
  });
  const app = await buildApp({ config, database, jwtSecret: secret, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/network/api/v1`;
  const signer = new TokenSigner(secret, 3600, 3600);
  const tokenFor = async (index: number) =>
    (
      await signer.userToken({
        userId: index + 1,
        userType: 'member',
        clientId: 'portal-web',
        sessionId: randomUUID(),
        suspension: 'none',
      })
    ).token;
  const get = async (token: string, p: string) => {
    const res = await fetch(base + p, {
      headers: { 'x-app-key': 'portal-web', authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };

  const sample = [0, ...Array.from({ length: SAMPLES - 1 }, () => Math.floor(random() * N))];
  const tokens = await Promise.all(sample.map(tokenFor));
  // warm-up: plans, connections, caches
  for (let k = 0; k < 20; k++) await get(tokens[k]!, '/member_downline/summary');

  log('Measuring summary, 4-level page, search');
  const summary: number[] = [];
  const page4: number[] = [];
  for (let k = 0; k < sample.length; k++) {
    summary.push(await time(() => get(tokens[k]!, '/member_downline/summary')));
    page4.push(await time(() => get(tokens[k]!, `/member_downline/${sample[k]! + 1}?depth=4`)));
  }
  const search: number[] = [];
  for (let k = 0; k < Math.min(sample.length, 200); k++) {
    const me = sample[k]!;
    // a code of someone a few levels below (or a broad name for the top)
    let d = me;
    for (let s = 0; s < 6; s++) {
      const next = random() < 0.5 ? tree.left[d]! : tree.right[d]!;
      if (next === -1) break;
      d = next;
    }
    const q = k === 0 ? 'สมชาย' : d === me ? 'ใจดี' : `M${String(d + 1).padStart(8, '0')}`;
    search.push(await time(() => get(tokens[k]!, `/member_downline/search?q=${encodeURIComponent(q)}`)));
  }

  log('Measuring the ancestry check');
  const inDownline: number[] = [];
  for (let k = 0; k < 500; k++) {
    const b = Math.floor(random() * N);
    let a = b;
    const up = Math.floor(random() * (tree.depth[b]! + 1));
    for (let s = 0; s < up; s++) a = tree.parent[a]!;
    if (k % 4 === 0) a = Math.floor(random() * N);
    inDownline.push(
      await time(() => database.pool.query('select member_in_downline($1, $2)', [a + 1, b + 1])),
    );
  }

  log('Measuring placement with 8 concurrent clients');
  const placement: number[] = [];
  let conflicts = 0;
  await Promise.all(
    placers.map(async (p, c) => {
      const token = await tokenFor(p);
      let upline = p + 1;
      for (let k = 0; k < PER_CLIENT; k++) {
        const member = waitingStart + c * PER_CLIENT + k;
        const t = performance.now();
        const res = await fetch(base + '/member_downline', {
          method: 'POST',
          headers: {
            'x-app-key': 'portal-web',
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            member_id: member,
            upline_member_id: upline,
            position: 'left',
            confirm: true,
          }),
        });
        placement.push(performance.now() - t);
        if (res.status !== 201) conflicts++;
        await res.text();
        upline = member;
      }
    }),
  );

  log('Measuring the naive recursive-CTE recount');
  const recount = async (id: number) =>
    time(() =>
      database.pool.query(
        `with recursive t(id) as (
           select id from members where placement_parent_id = $1
           union all
           select c.id from t join members c on c.placement_parent_id = t.id
         ) select count(*) from t`,
        [id],
      ),
    );
  const recountTop: number[] = [];
  for (let k = 0; k < 3; k++) recountTop.push(await recount(1));
  const recountSample: number[] = [];
  for (let k = 1; k < Math.min(sample.length, 100); k++) recountSample.push(await recount(sample[k]! + 1));
  const summaryTop: number[] = [];
  for (let k = 0; k < 50; k++) summaryTop.push(await time(() => get(tokens[0]!, '/member_downline/summary')));

  await app.close();
  const result = {
    members: N,
    machine: {
      cores: os.cpus().length,
      node: process.version,
      database: bench.external ? 'external' : 'embedded PostgreSQL 18',
    },
    tree: {
      max_depth: tree.maxDepth,
      mean_depth: +tree.meanDepth.toFixed(1),
      build_and_load_s: +buildSeconds.toFixed(1),
    },
    summary: stats(summary),
    summary_top: stats(summaryTop),
    downline_page_4_levels: stats(page4),
    downline_search: stats(search),
    in_downline_check_sql: stats(inDownline),
    placement_8_clients: { ...stats(placement), non_201: conflicts },
    recount_cte_top: stats(recountTop),
    recount_cte_sample: stats(recountSample),
    ratios: {
      top_recount_p50_over_summary_top_p95: +(pct(recountTop, 50) / pct(summaryTop, 95)).toFixed(1),
      sample_recount_p50_over_summary_p50: +(pct(recountSample, 50) / pct(summary, 50)).toFixed(2),
    },
    bars: {
      summary_p95_le_5ms: pct(summary, 95) <= 5,
      summary_100x_faster_than_recount_at_top: pct(recountTop, 50) / pct(summaryTop, 95) >= 100,
      page_4_levels_p95_le_20ms: pct(page4, 95) <= 20,
      placement_p95_le_50ms: pct(placement, 95) <= 50,
      search_p95_le_100ms: pct(search, 95) <= 100,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync('bench-results', { recursive: true });
  fs.writeFileSync(`bench-results/tree-${N}.json`, JSON.stringify(result, null, 2));
} finally {
  await bench.close();
}
