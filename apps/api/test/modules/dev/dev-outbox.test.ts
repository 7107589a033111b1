import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app';
import { deliverMessages } from '../../../src/modules/accounts';
import { JWT_SECRET, appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { expectError, makeStaff } from '../../helpers/expect';
import { login, register, seedSponsor } from '../../helpers/fixtures';

/**
 * Issue #12, finding 1: the demo outbox hands out OTP codes and reset links, so it answers only in
 * demo mode, and then only a loopback visitor of a loopback-only server or a staff token.
 */
let demo: TestApp;
let staffToken: string;
let memberToken: string;
/** The code of the OTP in the outbox. */
let code: string;
beforeAll(async () => {
  demo = await createTestApp({ DEMO_MODE: 'true' });
  const staff = await seedSponsor(demo.database.db);
  await makeStaff(demo, staff.user.id);
  staffToken = (await login(demo.app, staff.user.email)).access_token;
  const member = await seedSponsor(demo.database.db);
  memberToken = (await login(demo.app, member.user.email)).access_token;
  // Something in the outbox: an OTP for a new member.
  const { body } = await register(demo.app, member.user.invitationCode);
  await call(demo.app, 'POST', '/member/v1/otp-transactions', {
    token: await appToken(demo.app),
    body: { username: body.mobile },
  });
  // Delivered by the message outbox, as the message-delivery job does (decision 043).
  code = (await demo.outbox()).find((m) => m.to === body.mobile)!.code!;
});
afterAll(() => demo.close());

const outbox = (app: TestApp['app'], ip: string, token?: string, url = '/dev/outbox.json') =>
  app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('the demo outbox', () => {
  it('when asked from this machine of a loopback-only server then it answers, page and JSON', async () => {
    const res = await outbox(demo.app, '127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect((await outbox(demo.app, '::1', undefined, '/dev/outbox')).statusCode).toBe(200);
  });

  it('when asked from another address without a token then it is the 404 envelope and no code leaks', async () => {
    for (const url of ['/dev/outbox.json', '/dev/outbox']) {
      const res = await outbox(demo.app, '203.0.113.7', undefined, url);
      expectError(res, 404, 'NOT_FOUND');
      expect(res.body).not.toContain(code);
    }
  });

  it('when asked from another address with a member token or a forged one then it is refused', async () => {
    expectError(await outbox(demo.app, '203.0.113.7', memberToken), 404, 'NOT_FOUND');
    expectError(await outbox(demo.app, '203.0.113.7', 'not-a-token'), 404, 'NOT_FOUND');
    expectError(await outbox(demo.app, '203.0.113.7', await appToken(demo.app)), 404, 'NOT_FOUND');
  });

  it('when asked from another address with a staff token then it answers', async () => {
    const res = await outbox(demo.app, '203.0.113.7', staffToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
  });

  it('when the server listens beyond loopback then even a loopback visitor needs the staff token', async () => {
    const wide = await buildApp({
      config: { ...demo.config, host: '0.0.0.0' },
      database: demo.database,
      jwtSecret: JWT_SECRET,
      logger: false,
    });
    try {
      expectError(await outbox(wide, '127.0.0.1'), 404, 'NOT_FOUND');
      expect((await outbox(wide, '127.0.0.1', staffToken)).statusCode).toBe(200);
    } finally {
      await wide.close();
    }
  });

  it('when demo mode is off then every /dev route is the JSON 404, even from loopback with a staff token', async () => {
    const off = await createTestApp({ DEMO_MODE: 'false' });
    try {
      for (const url of ['/dev/outbox.json', '/dev/outbox', '/dev/clock', '/dev/anything'])
        expectError(await outbox(off.app, '127.0.0.1', staffToken, url), 404, 'NOT_FOUND');
    } finally {
      await off.close();
    }
  });

  it('when demo mode echoes the outbox then each message and its code is printed to the terminal', async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    const echoing = await buildApp({
      config: demo.config,
      database: demo.database,
      jwtSecret: JWT_SECRET,
      logger: false,
      echoOutbox: true,
    });
    try {
      const sponsor = await seedSponsor(demo.database.db);
      const { body } = await register(echoing, sponsor.user.invitationCode);
      await call(echoing, 'POST', '/member/v1/otp-transactions', {
        token: await appToken(echoing),
        body: { username: body.mobile },
      });
      await deliverMessages(echoing.ctx); // through the echoing app's transports
      const sent = (await demo.outbox()).find((m) => m.to === body.mobile && m.code);
      expect(sent).toBeDefined();
      expect(printed.some((line) => line.includes(body.mobile) && line.includes(`code ${sent!.code}`))).toBe(
        true,
      );
    } finally {
      spy.mockRestore();
      await echoing.close();
    }
  });
});
