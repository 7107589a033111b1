import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasswordResetTicket } from '@portal/contracts/identity';
import { MSG } from '@portal/contracts/messages';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { answerText, expectData, expectError } from '../../helpers/expect';
import { PASSWORD, register, seedSponsor } from '../../helpers/fixtures';

/**
 * Issue 19, item 6: a ceiling of 100 consecutive failed sign-ins per account across all addresses
 * (NIST 800-63B 5.2.2), that nobody can turn against the owner: past it a password is taken only
 * from a browser that signed in to the account before (its portal_device cookie), and a success there
 * or a password reset starts the count again. An identifier no account has is answered the same.
 */
const CEILING = 100;
const DEVICE = 'portal_device';
let t: TestApp;
let invitation: string;
let app: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '10', RATE_LIMIT_OTP: '1000' });
  invitation = (await seedSponsor(t.database.db)).user.invitationCode;
  app = await appToken(t.app);
});
afterAll(() => t.close());

let nextAddress = 0;
/** A sign-in from an address no test used before (10.x.y.z), with the browser's device cookie if any. */
const signIn = (username: string, password: string, device?: string) => {
  nextAddress += 1;
  return t.app.inject({
    method: 'POST',
    url: '/member/v1/login',
    remoteAddress: `10.${100 + (nextAddress >> 16)}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`,
    headers: { 'x-app-key': 'portal-web' },
    cookies: device ? { [DEVICE]: device } : {},
    payload: { username, password },
  });
};
const deviceOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === DEVICE);

/** `n` wrong passwords, each from a new address, ten at a time: every one an ordinary 401. */
async function fail(username: string, n: number) {
  for (let done = 0; done < n; done += 10) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(10, n - done) }, () => signIn(username, 'wrong-password-1')),
    );
    for (const res of answers) expectError(res, 401, 'INVALID_CREDENTIALS');
  }
}

function expectLocked(res: LightMyRequestResponse) {
  const status = expectError(res, 429, 'SIGN_IN_LOCKED');
  expect(status.message).toBe(MSG.signInLocked);
  expect(res.cookies.some((c) => c.name === 'refresh_token' || c.name === DEVICE)).toBe(false);
  return status;
}

describe('per-account ceiling on failed sign-ins', () => {
  it('when a sign-in succeeds then the browser gets an httpOnly device cookie for the sign-in only, and keeps it', async () => {
    const { body } = await register(t.app, invitation);
    const first = await signIn(body.email, PASSWORD);
    expectData(first);
    const cookie = deviceOf(first)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/member/v1/login' });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.maxAge).toBeGreaterThan(300 * 86_400);
    expect(deviceOf(await signIn(body.mobile, PASSWORD, cookie.value))!.value).toBe(cookie.value);
  });

  it('when 100 wrong passwords come from 100 addresses then the next sign-in from a new address is refused even with the right password; the known browser still signs in, and then anyone may again', async () => {
    const { body } = await register(t.app, invitation);
    const home = deviceOf(await signIn(body.email, PASSWORD))!.value;
    await fail(body.email, CEILING);
    expectLocked(await signIn(body.email, 'wrong-password-1'));
    expectLocked(await signIn(body.email, PASSWORD));
    // Through the other identifier of the same account too.
    expectLocked(await signIn(body.mobile, PASSWORD));
    // Another browser's cookie (of another account) does not open it.
    const other = await register(t.app, invitation);
    const stranger = deviceOf(await signIn(other.body.email, PASSWORD))!.value;
    expectLocked(await signIn(body.email, PASSWORD, stranger));
    expectLocked(await signIn(body.email, PASSWORD, 'x'.repeat(43)));
    // The owner's browser, from an address never seen, still signs in; that success ends the streak.
    expectData(await signIn(body.email, PASSWORD, home));
    expectData(await signIn(body.email, PASSWORD));
  });

  it('when the owner resets the password then the ceiling is lifted for every browser', async () => {
    const { body } = await register(t.app, invitation);
    await fail(body.email, CEILING);
    expectLocked(await signIn(body.email, PASSWORD));
    const ticket = expectData<PasswordResetTicket>(
      await call(t.app, 'POST', '/member/v1/password-reset/request', {
        token: app,
        body: { email: body.email },
      }),
    );
    const mail = (await t.outbox()).find((m) => m.to === body.email && m.purpose === 'reset-password')!;
    const fresh = 'after-reset-pass-789';
    expectData(
      await call(t.app, 'POST', '/member/v1/password-reset', {
        token: app,
        body: { token: ticket.token, code: mail.code, password: fresh, password_confirmation: fresh },
      }),
    );
    expectError(await signIn(body.email, PASSWORD), 401, 'INVALID_CREDENTIALS');
    expectData(await signIn(body.email, fresh));
  });

  it('when an identifier no account has fails 100 times then it is answered exactly as a member past the ceiling', async () => {
    const { body } = await register(t.app, invitation);
    const nobody = `nobody-${Date.now()}@test.example`;
    const before = [await signIn(nobody, 'wrong-password-1'), await signIn(body.email, 'wrong-password-1')];
    expect(answerText(before[0]!)).toBe(answerText(before[1]!));
    await fail(nobody, CEILING - 1);
    await fail(body.email, CEILING - 1);
    const after = [await signIn(nobody, PASSWORD), await signIn(body.email, PASSWORD)];
    for (const res of after) expectLocked(res);
    expect(answerText(after[0]!)).toBe(answerText(after[1]!));
    expect(Object.keys(after[0]!.headers).sort()).toEqual(Object.keys(after[1]!.headers).sort());
  });

  it('when the failures stop short of the ceiling then a right password from a new address signs in and starts the count again', async () => {
    const { body } = await register(t.app, invitation);
    await fail(body.email, CEILING - 1);
    expectData(await signIn(body.email, PASSWORD));
    await fail(body.email, CEILING - 1);
    expectData(await signIn(body.email, PASSWORD));
  });
});
