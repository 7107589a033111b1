import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded';
import {
  appToken,
  childrenOf,
  get,
  isAlive,
  parentOf,
  post,
  postmasterPid,
  startServer,
  tempDataDir,
  until,
  waitReady,
} from './process';

/**
 * Issue #12, findings 8 and 9, on real processes. Before: the embedded PostgreSQL outlived a
 * portal killed with -9 and held the data directory, so no later start succeeded by itself; and a
 * PostgreSQL that died stayed dead while every request answered 500.
 */
const dirs: string[] = [];
const dataDir = (name: string) => {
  const dir = tempDataDir(`portal-${name}-`);
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const member = (i: number) => ({
  first_name: 'รอด',
  last_name: `จากการล่ม${'กขคงจ'[i]}`,
  email: `crash${i}@recovery.test`,
  mobile: `08133300${10 + i}`,
  password: 'survive-1234',
  password_confirmation: 'survive-1234',
  gender: 'male',
  ref_uuid: 'DEMO2026',
  accept_terms: true,
  accept_privacy: true,
});
const signIn = (port: number, i: number) =>
  post(port, '/member/v1/login', { username: member(i).email, password: member(i).password });

describe('crash recovery', () => {
  it(
    'when the portal is killed with -9 then its PostgreSQL stops by itself, the next start on the same DATA_DIR comes up without help, and every acknowledged write is there',
    { timeout: 240_000 },
    async () => {
      const dir = dataDir('crash');
      const first = startServer(dir, await freePort());
      await waitReady(first);
      const token = await appToken(first.port);
      for (let i = 0; i < 5; i++) {
        const res = await post(first.port, '/member/v1/users', member(i), token);
        expect(res.status, await res.text()).toBe(201);
      }
      const postmaster = postmasterPid(dir);
      expect(postmaster).toBeGreaterThan(0);

      // no SIGTERM, no exit hook: the kernel ends the process right after the last acknowledgement
      first.child.kill('SIGKILL');
      await first.exited;
      // the database goes away by itself (a clean, fast shutdown that removes its lock file)
      await until('the PostgreSQL of the killed portal to stop', () => !isAlive(postmaster!), 15_000);
      await until('postmaster.pid to be removed', () => postmasterPid(dir) === undefined, 5_000);

      const again = startServer(dir, await freePort());
      await waitReady(again);
      for (let i = 0; i < 5; i++) expect((await signIn(again.port, i)).status).toBe(200);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
      expect(postmasterPid(dir)).toBeUndefined();
    },
  );

  it(
    'when a PostgreSQL is still running from a portal that is gone then the next start stops it cleanly and says so; one whose portal lives is refused, naming both processes',
    { timeout: 240_000 },
    async () => {
      const dir = dataDir('orphan');
      const first = startServer(dir, await freePort(), { DEMO_SEED: 'false' });
      await waitReady(first);
      const postmaster = postmasterPid(dir)!;
      const portal = first.child.pid!;
      // Everything between the portal and the postmaster dies with the portal (as when the OOM
      // killer or a `kill -9` takes the lot), so nothing is left to stop the server: a true orphan.
      const between: number[] = [];
      for (let p = parentOf(postmaster); p !== portal; p = parentOf(p)) {
        expect(p, 'the postmaster descends from the portal').toBeGreaterThan(1);
        between.push(p);
        expect(between.length).toBeLessThan(3);
      }
      const helpers = between
        .flatMap((p) => childrenOf(p))
        .filter((p) => p !== postmaster && !between.includes(p));
      for (const p of [...helpers, ...between, portal]) process.kill(p, 'SIGKILL');
      await first.exited;
      await new Promise((r) => setTimeout(r, 500));
      expect(isAlive(postmaster), 'the orphaned PostgreSQL still runs').toBe(true);

      const second = startServer(dir, await freePort(), { DEMO_SEED: 'false' });
      await waitReady(second);
      expect(isAlive(postmaster)).toBe(false);
      expect(second.output()).toContain(
        `Stopped PostgreSQL (process ${postmaster}, fast shutdown) left running on ${fs.realpathSync(dir)}${path.sep}pg by a portal that is gone (process ${portal}); starting a new one.`,
      );

      // The portal's lock file lost (removed by hand): the database's own check still refuses a
      // second portal, and says who holds it.
      fs.rmSync(path.join(dir, 'portal.pid'));
      const third = startServer(dir, await freePort(), { DEMO_SEED: 'false' });
      expect(await third.exited).toBe(1);
      expect(third.output()).toContain(
        `is already in use by PostgreSQL (process ${postmasterPid(dir)}), run by process ${second.child.pid}.`,
      );
      expect((await fetch(`http://127.0.0.1:${second.port}/ready`)).status).toBe(200);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(postmasterPid(dir)).toBeUndefined();
    },
  );

  it(
    'when the embedded PostgreSQL is killed with -9 then requests answer 503 SERVICE_UNAVAILABLE with Retry-After (never 500) until the portal has restarted it, then 200 again',
    { timeout: 240_000 },
    async () => {
      const dir = dataDir('pg-crash');
      const s = startServer(dir, await freePort(), { DEMO_SEED: 'false' });
      await waitReady(s);
      const token = await appToken(s.port);
      const countries = () => get(s.port, '/member/v1/countries?per_page=5', token);
      expect((await countries()).status).toBe(200);
      const postmaster = postmasterPid(dir)!;

      process.kill(postmaster, 'SIGKILL');
      const statuses: number[] = [];
      let unavailable: { retryAfter: string | null; body: unknown } | undefined;
      let recoveredAfterMs: number | undefined;
      const killedAt = Date.now();
      while (Date.now() - killedAt < 30_000) {
        const res = await countries();
        statuses.push(res.status);
        if (res.status === 503 && !unavailable) {
          unavailable = { retryAfter: res.headers.get('retry-after'), body: await res.json() };
        } else await res.arrayBuffer();
        if (res.status === 200 && unavailable) {
          recoveredAfterMs = Date.now() - killedAt;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }

      expect(statuses).not.toContain(500);
      expect(unavailable).toEqual({
        retryAfter: '5',
        body: {
          status: {
            code: 503,
            message: expect.any(String),
            error_code: 'SERVICE_UNAVAILABLE',
            request_id: expect.any(String),
          },
          data: null,
        },
      });
      expect(recoveredAfterMs, `statuses: ${statuses.join(' ')}`).toBeLessThan(30_000);
      // the same portal, a new postmaster
      expect(s.child.exitCode).toBeNull();
      expect(postmasterPid(dir)).not.toBe(postmaster);
      expect(s.output()).toContain(
        'embedded PostgreSQL exited unexpectedly (code 137, SIGKILL); restarting in 1s',
      );
      expect((await fetch(`http://127.0.0.1:${s.port}/ready`)).status).toBe(200);

      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      expect(postmasterPid(dir)).toBeUndefined();
    },
  );
});
