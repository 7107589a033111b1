import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, User } from '@portal/contracts/identity';
import { REFRESH_COOKIE } from '@portal/contracts/oauth';
import type { ShopLoginCode } from '@portal/contracts/shop';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError } from '../../helpers/expect';
import { login, PASSWORD, seedSponsor } from '../../helpers/fixtures';
import { shop, SHOP_ENV } from '../../helpers/shop';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(SHOP_ENV);
});
afterAll(() => t.close());

const codeFor = async (token: string) =>
  expectData<ShopLoginCode>(await shop(t, 'POST', '/v1/session/code', token));
const exchange = (code: string) => shop(t, 'POST', '/v1/session', undefined, { code });

/** A member signed in for real: the code is bound to this sign-in's session (its refresh-token family). */
async function signedIn() {
  const { user } = await seedSponsor(t.database.db);
  const session = await login(t.app, user.email!);
  return { user, token: session.access_token, sessionId: sessionOf(session.access_token) };
}
/** Signs the same account in once more: another device, another session. */
const elsewhere = async (email: string) => (await login(t.app, email)).access_token;
const sessionOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
const codeRow = async (userId: number) =>
  (
    await t.database.pool.query<{ used_at: Date | null }>(
      `select used_at from shop_login_codes where user_id = $1`,
      [userId],
    )
  ).rows;

describe("the Online Shopping link's one-time login code", () => {
  it('when a member asks for a code then it lives 60 s and is stored only as a hash', async () => {
    const m = await signedIn();
    const issued = await codeFor(m.token);
    expect(issued.expires_in).toBe(60);
    expect(issued.code.length).toBeGreaterThanOrEqual(40);
    const { rows } = await t.database.pool.query<{ code_hash: string; secs: number }>(
      `select code_hash, extract(epoch from expires_at - created_at)::int as secs
         from shop_login_codes where user_id = $1`,
      [m.user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toBe(issued.code);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.secs).toBeGreaterThanOrEqual(59);
    expect(rows[0]!.secs).toBeLessThanOrEqual(61);
  });

  it('when the shop trades the code then it gets a session of that member (and the refresh cookie), once', async () => {
    const m = await signedIn();
    const { code } = await codeFor(m.token);
    const first = await exchange(code);
    const session = expectData<LoginResult>(first);
    expect(session.user.id).toBe(m.user.id);
    expect(session.access_token).toBeTruthy();
    expect(first.cookies.some((c) => c.name === REFRESH_COOKIE && c.httpOnly && c.path === '/member')).toBe(
      true,
    );
    // The access token works: the shop reads the member's cart with it.
    const me = expectData<User>(await call(t.app, 'GET', '/member/v1/me', { token: session.access_token }));
    expect(me.id).toBe(m.user.id);

    expectError(await exchange(code), 401, 'UNAUTHENTICATED');
  });

  it('when two exchanges of one code race then exactly one gets a session', async () => {
    const m = await signedIn();
    const { code } = await codeFor(m.token);
    const answers = await Promise.all([exchange(code), exchange(code), exchange(code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('when 60 s have passed then the code no longer signs anyone in', async () => {
    const m = await signedIn();
    const { code } = await codeFor(m.token);
    await t.database.pool.query(
      `update shop_login_codes set created_at = now() - interval '61 seconds',
              expires_at = now() - interval '1 second' where user_id = $1`,
      [m.user.id],
    );
    expectError(await exchange(code), 401, 'UNAUTHENTICATED');
  });

  it('when a code is unknown, missing or asked for without a user then it is refused', async () => {
    expectError(await exchange('x'.repeat(43)), 401, 'UNAUTHENTICATED');
    expectError(await shop(t, 'POST', '/v1/session', undefined, {}), 422, 'VALIDATION_ERROR');
    expectError(await shop(t, 'POST', '/v1/session/code'), 401, 'UNAUTHENTICATED');
    // Without the app key nothing is answered at all.
    const noKey = await call(t.app, 'POST', '/shop/v1/session', {
      body: { code: 'x'.repeat(43) },
      appKey: null,
    });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().status.error_code).toBe('INVALID_APP_KEY');
  });

  it('when the member is deactivated after asking then the code gives no session', async () => {
    const m = await signedIn();
    const { code } = await codeFor(m.token);
    await t.database.pool.query(`update users set is_active = false where id = $1`, [m.user.id]);
    expectError(await exchange(code), 403, 'ACCOUNT_INACTIVE');
  });

  it("when the account logs out after asking then the code is refused and left unused; a new sign-in's code works", async () => {
    const m = await signedIn();
    const { code } = await codeFor(m.token);
    expectData(await call(t.app, 'POST', '/member/v1/logout', { token: m.token }));
    const refused = expectError(await exchange(code), 401, 'UNAUTHENTICATED');
    expect(refused.message).toMatch(/sign-in that asked for this login code has ended/);
    expect(await codeRow(m.user.id)).toEqual([{ used_at: null }]);

    const again = await signedIn();
    expect(expectData<LoginResult>(await exchange((await codeFor(again.token)).code)).user.id).toBe(
      again.user.id,
    );
  });

  it('when the password is changed on another device then the code of this one is refused', async () => {
    const m = await signedIn();
    const { code } = await codeFor(m.token);
    const other = await elsewhere(m.user.email!);
    const changed = await call(t.app, 'PATCH', '/member/v1/me/password', {
      token: other,
      body: {
        current_password: PASSWORD,
        password: 'another-pass-456',
        password_confirmation: 'another-pass-456',
      },
    });
    expectData(changed);
    expectError(await exchange(code), 401, 'UNAUTHENTICATED');
    // The device that changed it keeps its session, and its own code works.
    expect(expectData<LoginResult>(await exchange((await codeFor(other)).code)).user.id).toBe(m.user.id);
  });

  it('when the device is signed out from another one then its code is refused', async () => {
    const m = await signedIn();
    const { code } = await codeFor(m.token);
    const other = await elsewhere(m.user.email!);
    expectData(await call(t.app, 'DELETE', `/member/v1/me/sessions/${m.sessionId}`, { token: other }));
    expectError(await exchange(code), 401, 'UNAUTHENTICATED');
  });

  it("when the account's access is cut off after asking (a reset, deactivation, a change of standing) then the code is refused", async () => {
    const m = await signedIn();
    const { code } = await codeFor(m.token);
    // What a password reset, staff deactivation and the KYC deadline do (decision 011).
    await t.database.pool.query(`update users set tokens_valid_after = now() where id = $1`, [m.user.id]);
    expectError(await exchange(code), 401, 'UNAUTHENTICATED');
    expect(await codeRow(m.user.id)).toEqual([{ used_at: null }]);
  });
});
