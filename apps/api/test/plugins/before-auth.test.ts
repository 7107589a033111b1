import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appToken, APP_KEY, call, createTestApp, type TestApp } from '../helpers/app';
import { expectError, makeStaff } from '../helpers/expect';
import { login } from '../helpers/fixtures';
import { memberWithToken } from '../helpers/profile';

/**
 * Issue 19, finding 1: a body is read, parsed and validated only for a caller allowed to call the
 * route, and only within limits that fit it. An anonymous caller with the public app key used to get
 * its 5 MiB body parsed, walked and validated before the 401, and a 4.6 MB 422 listing every key.
 */
let t: TestApp;
let member: Awaited<ReturnType<typeof memberWithToken>>;
let application: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  member = await memberWithToken(t);
  application = await appToken(t.app);
});
afterAll(() => t.close());

/** A JSON object of `n` keys, as the probe sent them. */
const manyKeys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`;

const raw = (method: 'POST' | 'PUT', url: string, payload: string, token?: string) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: {
      'x-app-key': APP_KEY,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });

describe('authentication before the body', () => {
  it('when an anonymous caller posts 5 MiB of keys to the simulator then it gets a bare 401', async () => {
    const body = manyKeys(520_000);
    expect(body.length).toBeGreaterThan(5_000_000);
    const res = await raw('POST', '/staff/v1/plan/simulate', body.slice(0, 5 * 1024 * 1024 - 2) + '1}');
    const status = expectError(res, 401, 'UNAUTHENTICATED');
    expect(status.errors).toBeUndefined();
    expect(res.body.length).toBeLessThan(300);
  });

  it('when a caller without the right token sends a body that is not even JSON then the answer is 401 or 403, not 400', async () => {
    // Had the body been parsed first, this would be 400 MALFORMED_JSON.
    const broken = '{"this is": not json';
    expectError(await raw('POST', '/staff/v1/plan/simulate', broken), 401, 'UNAUTHENTICATED');
    expectError(await raw('POST', '/staff/v1/plan/simulate', broken, application), 403, 'FORBIDDEN');
    expectError(await raw('POST', '/staff/v1/plan/simulate', broken, member.token), 403, 'FORBIDDEN');
    expectError(await raw('POST', '/shop/v1/cart/items', broken), 401, 'UNAUTHENTICATED');
  });

  it("when a member's body has the staff route's fields wrong then the member learns nothing of them", async () => {
    const res = await call(t.app, 'POST', '/staff/v1/plan/simulate', {
      token: member.token,
      body: { members: 'x', events: 3 },
    });
    const status = expectError(res, 403, 'FORBIDDEN');
    expect(status.errors).toBeUndefined();
  });
});

describe('bodies within limits that fit the route', () => {
  it('when a signed-in member sends a 1 MiB body to the cart then it is refused as too large', async () => {
    const res = await raw('POST', '/shop/v1/cart/items', manyKeys(100_000), member.token);
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('when the sign-in gets 3,000 keys within the size limit then it is refused before validation', async () => {
    const body = manyKeys(3_000);
    expect(body.length).toBeLessThan(64 * 1024);
    const status = expectError(await raw('POST', '/member/v1/login', body), 413, 'PAYLOAD_TOO_LARGE');
    expect(status.message).toMatch(/more than 2000 fields/);
  });

  it('when a body nests deeper than any form then it is refused', async () => {
    const deep = '{"a":'.repeat(40) + '1' + '}'.repeat(40);
    const status = expectError(await raw('POST', '/member/v1/login', deep), 413, 'PAYLOAD_TOO_LARGE');
    expect(status.message).toMatch(/deeper than 16 levels/);
  });

  it('when a body has many unknown fields then the 422 names at most ten of them', async () => {
    const body = { username: 'someone@portal.test', password: 'x', ...JSON.parse(manyKeys(500)) };
    const res = await call(t.app, 'POST', '/member/v1/login', { body });
    const status = expectError(res, 422, 'VALIDATION_ERROR');
    expect(Object.keys(status.errors ?? {}).length).toBeLessThanOrEqual(10);
    expect(res.body.length).toBeLessThan(2_000);
  });

  it('when staff simulate a scenario larger than a form then it is read (the simulator has its own limits)', async () => {
    const staff = await memberWithToken(t);
    await makeStaff(t, staff.user.id);
    const token = (await login(t.app, staff.user.email)).access_token;
    const members = [
      { code: 'A' },
      ...Array.from({ length: 400 }, (_, i) => ({
        code: `M${i}`,
        upline: i < 2 ? 'A' : `M${Math.floor(i / 2) - 1}`,
        side: i % 2 === 0 ? 'left' : 'right',
      })),
    ];
    const res = await call(t.app, 'POST', '/staff/v1/plan/simulate', {
      token,
      body: { members, events: [], until: '2025-03-01' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
