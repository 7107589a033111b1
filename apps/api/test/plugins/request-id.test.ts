import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createTestApp, JWT_SECRET, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/expect';

/**
 * Issue 21, item 6: a member's "it said error" is found in the log by the request id that the answer
 * carries (X-Request-Id, and status.request_id in an error envelope). A client never chooses the id;
 * a proxy that TRUST_PROXY believes may hand its own on.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An app on the test database with TRUST_PROXY set to `trust`, logging JSON lines into `lines`. */
async function appTrusting(trust: string, lines: Record<string, unknown>[] = [], level = 'warn') {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = await buildApp({
    config: {
      ...t.config,
      logLevel: level,
      trustProxy: loadConfig({ TRUST_PROXY: trust, DATA_DIR: '/tmp/x' }).trustProxy,
    },
    database: t.database,
    jwtSecret: JWT_SECRET,
    logger: { level, stream },
  });
  return app;
}

describe('the request id', () => {
  it('when a request fails then the error envelope and the X-Request-Id header name the same new id, a fresh one per request', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/member/v1/no-such-call' });
    const second = await t.app.inject({ method: 'GET', url: '/member/v1/no-such-call' });
    const ids = [first, second].map((res) => {
      expectError(res, 404, 'NOT_FOUND'); // which checks status.request_id is the X-Request-Id header
      return res.json().status.request_id as string;
    });
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    // a validation error, an app key refused: the same
    const refused = await t.app.inject({ method: 'GET', url: '/member/v1/countries' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.json().status.request_id).toBe(refused.headers['x-request-id']);
    // and a success answers its id in the header only
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.headers['x-request-id']).toMatch(UUID);
    expect(health.json().status.request_id).toBeUndefined();
  });

  it('when TRUST_PROXY is off then an id the client sends is not taken', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/member/v1/no-such-call',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(res.json().status.request_id).toBe(res.headers['x-request-id']);
  });

  it('when the proxy TRUST_PROXY names hands an id on then it is kept, and only from that proxy and only if it looks like one', async () => {
    const app = await appTrusting('10.0.0.5');
    try {
      const ask = (remoteAddress: string, id: string) =>
        app.inject({
          method: 'GET',
          url: '/member/v1/no-such-call',
          remoteAddress,
          headers: { 'x-request-id': id, 'x-forwarded-for': '198.51.100.4' },
        });
      const viaProxy = await ask('10.0.0.5', 'a1b2c3d4e5f60718293a4b5c6d7e8f90');
      expect(viaProxy.headers['x-request-id']).toBe('a1b2c3d4e5f60718293a4b5c6d7e8f90');
      expect(viaProxy.json().status.request_id).toBe('a1b2c3d4e5f60718293a4b5c6d7e8f90');
      // the same header from anybody else, or not an id (a space, too long): a new one
      expect((await ask('203.0.113.9', 'a1b2c3d4e5f60718293a4b5c6d7e8f90')).headers['x-request-id']).toMatch(
        UUID,
      );
      expect((await ask('10.0.0.5', 'two words')).headers['x-request-id']).toMatch(UUID);
      expect((await ask('10.0.0.5', 'x'.repeat(129))).headers['x-request-id']).toMatch(UUID);
    } finally {
      await app.close();
    }
  });

  it('when a range of proxies or a hop count is trusted then an id from such a peer is kept', async () => {
    for (const [trust, peer] of [
      ['10.0.0.0/8', '10.1.2.3'],
      ['10.0.0.0/8', '::ffff:10.1.2.3'],
      ['1', '192.0.2.1'],
    ] as const) {
      const app = await appTrusting(trust);
      try {
        const res = await app.inject({
          method: 'GET',
          url: '/health',
          remoteAddress: peer,
          headers: { 'x-request-id': 'nginx-7f3a' },
        });
        expect(res.headers['x-request-id'], `${trust} ${peer}`).toBe('nginx-7f3a');
      } finally {
        await app.close();
      }
    }
  });

  it('when a request fails on the server then its log lines carry the id its answer names', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appTrusting('false', lines, 'info');
    app.get('/member/v1/breaks', async () => {
      throw new Error('a fault in the code');
    });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/member/v1/breaks',
        headers: { 'x-app-key': 'portal-web' },
      });
      expectError(res, 500, 'INTERNAL_ERROR');
      const id = res.headers['x-request-id'];
      const logged = lines.find((l) => l.msg === 'unhandled error');
      expect(logged, JSON.stringify(lines)).toBeDefined();
      expect(logged!.reqId).toBe(id);
      expect((logged!.err as { message: string }).message).toBe('a fault in the code');
    } finally {
      await app.close();
    }
  });
});
