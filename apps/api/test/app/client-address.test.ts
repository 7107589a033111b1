import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { buildApp } from '../../src/app';
import { createTestApp, JWT_SECRET, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/expect';

/**
 * Issue 19, findings 2 and 9: the client's address is the connection's unless TRUST_PROXY names the
 * proxies to believe (never every hop), the /dev pages never decide by a forwarded address, and a
 * request that trickles in is closed when its time is up.
 */
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));
const app = async (env: Record<string, string>) => {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
};

/** The address a route sees (where the per-address limits read it), with TRUST_PROXY set to `trust`. */
async function addressSeen(trust: string, remoteAddress: string, forwardedFor?: string) {
  const base = apps[0] ?? (await app({}));
  const probe = await buildApp({
    config: { ...base.config, trustProxy: loadConfig({ TRUST_PROXY: trust, DATA_DIR: '/tmp/x' }).trustProxy },
    database: base.database,
    jwtSecret: JWT_SECRET,
    logger: false,
  });
  let seen = '';
  probe.addHook('onRequest', async (request) => {
    seen = request.ip;
  });
  try {
    await probe.inject({
      method: 'GET',
      url: '/health',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
  } finally {
    await probe.close();
  }
  return seen;
}

describe('TRUST_PROXY', () => {
  it('when it is true then the configuration is refused with what to write instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true', DATA_DIR: '/tmp/x' })).toThrow(/number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99', DATA_DIR: '/tmp/x' })).toThrow(/not an address/);
  });

  it('when it is off then a forged X-Forwarded-For changes nothing', async () => {
    expect(await addressSeen('false', '203.0.113.9', '127.0.0.1')).toBe('203.0.113.9');
  });

  it('when it names the proxy then only the proxy is believed, and only about the hop before it', async () => {
    // Through the proxy: the client it names.
    expect(await addressSeen('10.0.0.5', '10.0.0.5', '198.51.100.4')).toBe('198.51.100.4');
    // The client's own chain before the proxy is not believed: the proxy saw 203.0.113.9.
    expect(await addressSeen('10.0.0.5', '10.0.0.5', '127.0.0.1, 203.0.113.9')).toBe('203.0.113.9');
    // Not through the proxy: the header is the client's own writing.
    expect(await addressSeen('10.0.0.5', '203.0.113.9', '127.0.0.1')).toBe('203.0.113.9');
  });

  it('when it is a hop count then the address that many hops back is the client', async () => {
    expect(await addressSeen('1', '10.0.0.5', '127.0.0.1, 203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('the /dev pages and forwarded addresses', () => {
  const outbox = (t: TestApp, remoteAddress: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/dev/outbox.json', remoteAddress, headers });

  it('when a request from outside names loopback in any form then it is the 404', async () => {
    for (const trust of ['false', '1']) {
      const t = await app({ DEMO_MODE: 'true', TRUST_PROXY: trust });
      for (const forwarded of ['127.0.0.1', '127.0.0.1, 203.0.113.9', '::1', '::ffff:127.0.0.1']) {
        expectError(await outbox(t, '203.0.113.9', { 'x-forwarded-for': forwarded }), 404, 'NOT_FOUND');
      }
    }
  });

  it('when a proxy on this machine passes a visitor on then the visitor is not "this machine"', async () => {
    const t = await app({ DEMO_MODE: 'true' });
    for (const loopback of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await outbox(t, loopback, {})).statusCode).toBe(200);
      expectError(await outbox(t, loopback, { 'x-forwarded-for': '203.0.113.9' }), 404, 'NOT_FOUND');
      expectError(await outbox(t, loopback, { forwarded: 'for=203.0.113.9' }), 404, 'NOT_FOUND');
    }
  });
});

describe('a request that trickles in', () => {
  it('when a body arrives a byte at a time past the request timeout then the connection is closed', async () => {
    const t = await app({ REQUEST_TIMEOUT_MS: '1000' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /member/v1/login HTTP/1.1\r\nHost: x\r\nX-App-Key: portal-web\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    // One byte at a time, while the connection stays open.
    const trickle = setInterval(() => socket.writable && socket.write(' '), 150);
    await new Promise((resolve) => socket.once('close', resolve));
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // The server still answers everyone else.
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    expect(res.status).toBe(200);
  });
});
