import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appToken, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError } from '../../helpers/expect';
import { PASSWORD, register, registration, seedSponsor } from '../../helpers/fixtures';

/**
 * Issue #12, findings 3 and 5: sign-in throttling that an attacker cannot turn against the member,
 * and registrations limited per address and per invitation code.
 */
const LIMIT = 10;
let t: TestApp;
let invitation: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: String(LIMIT) });
  invitation = (await seedSponsor(t.database.db)).user.invitationCode;
});
afterAll(() => t.close());

const signIn = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/member/v1/login',
    remoteAddress: ip,
    headers: { 'x-app-key': 'portal-web' },
    payload: { username, password },
  });

describe('sign-in throttling', () => {
  it('when ten wrong passwords come from many addresses then the right password from a clean address still signs in', async () => {
    const { body } = await register(t.app, invitation);
    for (let i = 0; i < LIMIT; i++)
      expectError(
        await signIn(body.email, 'wrong-password-1', `10.1.0.${i + 1}`),
        401,
        'INVALID_CREDENTIALS',
      );
    for (let i = 0; i < LIMIT; i++)
      expectError(
        await signIn(body.mobile, 'wrong-password-1', `10.1.1.${i + 1}`),
        401,
        'INVALID_CREDENTIALS',
      );
    expectData(await signIn(body.email, PASSWORD, '10.1.9.9'));
    expectData(await signIn(body.mobile, PASSWORD, '10.1.9.10'));
  });

  it('when an address fails ten times then it is slowed for that account with Retry-After, and other addresses are not', async () => {
    const { body } = await register(t.app, invitation);
    for (let i = 0; i < LIMIT; i++)
      expectError(await signIn(body.email, 'wrong-password-1', '10.2.0.1'), 401, 'INVALID_CREDENTIALS');
    const slowed = await signIn(body.email, PASSWORD, '10.2.0.1');
    expectError(slowed, 429, 'RATE_LIMITED');
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(t.config.rateLimit.windowSeconds);
    expectData(await signIn(body.email, PASSWORD, '10.2.0.2'));
  });

  it('when the e-mail and the mobile of one account are guessed from one address then they share one budget of ten', async () => {
    const { body } = await register(t.app, invitation);
    for (let i = 0; i < LIMIT / 2; i++) {
      expectError(await signIn(body.email, 'wrong-password-1', '10.3.0.1'), 401, 'INVALID_CREDENTIALS');
      expectError(await signIn(body.mobile, 'wrong-password-1', '10.3.0.1'), 401, 'INVALID_CREDENTIALS');
    }
    expectError(await signIn(body.mobile, 'wrong-password-1', '10.3.0.1'), 429, 'RATE_LIMITED');
    expectError(await signIn(body.email, 'wrong-password-1', '10.3.0.1'), 429, 'RATE_LIMITED');
  });

  it('when an account is under a spread-out attack then each failing address gets no second guess', async () => {
    const { body } = await register(t.app, invitation);
    for (let i = 0; i < LIMIT; i++)
      expectError(
        await signIn(body.email, 'wrong-password-1', `10.4.0.${i + 1}`),
        401,
        'INVALID_CREDENTIALS',
      );
    // The account has failed ten times: a new address gets one guess, then is slowed.
    expectError(await signIn(body.email, 'wrong-password-1', '10.4.1.1'), 401, 'INVALID_CREDENTIALS');
    expectError(await signIn(body.email, 'wrong-password-2', '10.4.1.1'), 429, 'RATE_LIMITED');
    expectError(await signIn(body.email, 'wrong-password-2', '10.4.0.1'), 429, 'RATE_LIMITED');
  });
});

describe('registration limits', () => {
  it('when one address registers more than RATE_LIMIT_REGISTER times in an hour then the next is 429 with Retry-After and creates nothing', async () => {
    const limited = await createTestApp({ RATE_LIMIT_REGISTER: '3' });
    try {
      const code = (await seedSponsor(limited.database.db)).user.invitationCode;
      const token = await appToken(limited.app);
      const post = (ip: string) => {
        const body = registration(code);
        return limited.app
          .inject({
            method: 'POST',
            url: '/member/v1/users',
            remoteAddress: ip,
            headers: { 'x-app-key': 'portal-web', authorization: `Bearer ${token}` },
            payload: body,
          })
          .then((res) => ({ res, body }));
      };
      for (let i = 0; i < 3; i++) expectData((await post('10.5.0.1')).res, 201);
      const { res, body } = await post('10.5.0.1');
      expectError(res, 429, 'RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const { rows } = await limited.database.pool.query('select 1 from users where email = $1', [
        body.email,
      ]);
      expect(rows).toHaveLength(0);
      // Another address is not affected.
      expectData((await post('10.5.0.2')).res, 201);
    } finally {
      await limited.close();
    }
  });

  it('when one invitation code is used more than RATE_LIMIT_REGISTER_CODE times in a burst then the next is 429, from any address', async () => {
    const limited = await createTestApp({ RATE_LIMIT_REGISTER_CODE: '2' });
    try {
      const code = (await seedSponsor(limited.database.db)).user.invitationCode;
      const token = await appToken(limited.app);
      const post = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/member/v1/users',
          remoteAddress: ip,
          headers: { 'x-app-key': 'portal-web', authorization: `Bearer ${token}` },
          payload: registration(code),
        });
      expectData(await post('10.6.0.1'), 201);
      expectData(await post('10.6.0.2'), 201);
      expectError(await post('10.6.0.3'), 429, 'RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
