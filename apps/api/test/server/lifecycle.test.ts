import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded';
import { appToken, post, startServer as startOn, tempDataDir, waitReady } from './process';

const dataDir = tempDataDir('portal-lifecycle-');
const startServer = async (port: number) => startOn(dataDir, port);

const MEMBER = {
  first_name: 'คงอยู่',
  last_name: 'ข้ามการรีสตาร์ท',
  email: 'survivor@lifecycle.test',
  mobile: '0812223333',
  password: 'survive-1234',
  password_confirmation: 'survive-1234',
  gender: 'female',
  ref_uuid: 'DEMO2026',
  accept_terms: true,
  accept_privacy: true,
};
const signIn = (port: number) =>
  post(port, '/member/v1/login', { username: MEMBER.email, password: MEMBER.password });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it(
    'when stopped by SIGTERM it exits cleanly with its database; a second one on the same data is refused and harms nothing; the next start reuses the data',
    { timeout: 180_000 },
    async () => {
      const first = await startServer(await freePort());
      await waitReady(first);
      const secret = fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');

      // a second server on the same DATA_DIR: a clear refusal, the first keeps serving
      const second = await startServer(await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(
        /Another portal \(process \d+\) is already running on the data directory/,
      );
      expect((await fetch(`http://127.0.0.1:${first.port}/ready`)).status).toBe(200);
      expect((await post(first.port, '/member/v1/users', MEMBER, await appToken(first.port))).status).toBe(
        201,
      );
      expect((await signIn(first.port)).status).toBe(200);

      // SIGTERM: HTTP first, then PostgreSQL; nothing left behind
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'portal.pid'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

      // the next start reuses the same cluster and secrets
      const again = await startServer(await freePort());
      await waitReady(again);
      expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
      // what was written before the stop is there, and the demo was not seeded twice
      expect((await signIn(again.port)).status).toBe(200);
      const taken = await post(again.port, '/member/v1/users', MEMBER, await appToken(again.port));
      expect(taken.status).toBe(422);
      again.child.kill('SIGINT');
      expect(await again.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    },
  );
});
