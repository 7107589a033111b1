import net from 'node:net';
import pg from 'pg';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { connect } from '../../src/db/client';
import { isDatabaseUnavailable } from '../../src/db/unavailable';
import { JWT_SECRET, appToken, call, createTestApp } from '../helpers/app';

/**
 * Issue #12, finding 9: while the database did not answer, every request answered 500
 * INTERNAL_ERROR. It is 503 SERVICE_UNAVAILABLE with Retry-After now, and the pool neither crashes
 * the process on a lost connection nor needs anything to reconnect.
 */

/** Forwards 127.0.0.1:<port> to the test PostgreSQL; `cut` drops every connection and refuses new ones. */
async function tcpRelay(targetPort: string) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(targetPort), '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (p = 0) =>
    new Promise<number>((resolve) =>
      server.listen(p, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    );
  const port = await listen();
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.resetAndDestroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  return { port, cut: close, resume: () => listen(port), close };
}

describe('a database that does not answer', () => {
  it('when the database does not answer then a request gets 503 SERVICE_UNAVAILABLE with Retry-After, not 500', async () => {
    const t = await createTestApp();
    // A second app on the same database, reached through a relay that can be cut like a crash.
    const relay = await tcpRelay(new URL(t.dbUrl).port);
    const url = new URL(t.dbUrl);
    url.port = String(relay.port);
    const database = connect(url.toString(), 2, () => {});
    const app = await buildApp({ config: t.config, database, jwtSecret: JWT_SECRET, logger: false });
    try {
      await app.ready();
      const token = await appToken(app);
      expect((await call(app, 'GET', '/member/v1/countries', { token })).statusCode).toBe(200);

      await relay.cut(); // open connections reset, new ones refused
      const res = await call(app, 'GET', '/member/v1/countries', { token });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        status: {
          code: 503,
          message: expect.any(String),
          error_code: 'SERVICE_UNAVAILABLE',
          request_id: res.headers['x-request-id'],
        },
        data: null,
      });
      // a call that writes answers the same
      const login = await call(app, 'POST', '/member/v1/login', {
        token,
        body: { username: 'nobody@portal.test', password: 'whatever-1234' },
      });
      expect(login.statusCode).toBe(503);
      expect(login.headers['retry-after']).toBe('5');

      await relay.resume(); // the database is back: the pool reconnects by itself
      expect((await call(app, 'GET', '/member/v1/countries', { token })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      await relay.close();
      await t.close();
    }
  });

  it('when the server ends the connections (a restart) then the pool reconnects by itself, and a connection lost inside a transaction fails that transaction without ending the process', async () => {
    const t = await createTestApp();
    try {
      const token = await appToken(t.app);
      expect((await call(t.app, 'GET', '/member/v1/countries', { token })).statusCode).toBe(200);
      const admin = new pg.Client({ connectionString: inject('adminUrl') });
      await admin.connect();
      const dbName = new URL(t.dbUrl).pathname.slice(1);
      const terminateAll = () =>
        admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [dbName],
        );
      try {
        // idle connections cut (57P01, as in a fast shutdown): the next request gets a fresh one
        await terminateAll();
        await new Promise((r) => setTimeout(r, 200));
        expect((await call(t.app, 'GET', '/member/v1/countries', { token })).statusCode).toBe(200);

        // a connection checked out for a transaction, cut between two statements: before, its
        // 'error' event had no listener and ended the process
        const outcome = await t.database.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            await terminateAll();
            await new Promise((r) => setTimeout(r, 200));
            await tx.execute(sql`select 1`);
          })
          .then(
            () => 'committed',
            (err: unknown) => (isDatabaseUnavailable(err) ? 'unavailable' : String(err)),
          );
        expect(outcome).toBe('unavailable');
        expect((await call(t.app, 'GET', '/member/v1/countries', { token })).statusCode).toBe(200);
      } finally {
        await admin.end();
      }
    } finally {
      await t.close();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a connection ended by the server', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    [
      'a pool that could not hand out a connection in time',
      new Error('timeout exceeded when trying to connect'),
    ],
    ['admin shutdown', withCode('57P01')],
    ['crash shutdown', withCode('57P02')],
    ['a server still starting', withCode('57P03')],
    ['a connection failure', withCode('08006')],
    ['a client that cannot connect', withCode('08001')],
    ['a lost connection (08003)', withCode('08003')],
    ['a connection exception', withCode('08000')],
    [
      'one wrapped by drizzle',
      Object.assign(new Error('Failed query: select 1'), { cause: withCode('57P01') }),
    ],
    [
      'one of several addresses refused',
      Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), { code: undefined }),
    ],
  ])('%s counts as unavailable', (_name, err) => expect(isDatabaseUnavailable(err)).toBe(true));

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('%s does not', (_name, err) => expect(isDatabaseUnavailable(err)).toBe(false));
});
