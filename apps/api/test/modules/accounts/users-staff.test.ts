import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@portal/contracts/identity';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError, makeStaff, refresh, row } from '../../helpers/expect';
import { PASSWORD, login, register, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
let invitation: string;
let staffToken: string;
let memberToken: string;
let member: Awaited<ReturnType<typeof register>>;
let other: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  const sponsor = await seedSponsor(t.database.db);
  invitation = sponsor.user.invitationCode;
  member = await register(t.app, invitation);
  other = await register(t.app, invitation);
  memberToken = (await login(t.app, member.body.email)).access_token;
  const staff = await seedSponsor(t.database.db);
  await makeStaff(t, staff.user.id);
  staffToken = (await login(t.app, staff.user.email)).access_token;
});
afterAll(() => t.close());

const userRow = (id: number) => row<Record<string, unknown>>(t, 'select * from users where id = $1', [id]);

describe('members and the public app token may not use the staff users API', () => {
  it('when a member lists users then the answer is 403 FORBIDDEN', async () => {
    expectError(await call(t.app, 'GET', '/member/v1/users', { token: memberToken }), 403, 'FORBIDDEN');
  });

  it('when a member reads another user then the answer is 403 and no data leaks', async () => {
    const res = await call(t.app, 'GET', `/member/v1/users/${other.user.id}`, { token: memberToken });
    expectError(res, 403, 'FORBIDDEN');
    expect(res.body).not.toContain(other.body.email);
  });

  it('when a member updates another user then the answer is 403 and nothing changes', async () => {
    const before = await userRow(other.user.id);
    const res = await call(t.app, 'PUT', `/member/v1/users/${other.user.id}`, {
      token: memberToken,
      body: { first_name: 'Hacked', is_active: false, is_verifies_email: true },
    });
    expectError(res, 403, 'FORBIDDEN');
    expect(await userRow(other.user.id)).toEqual(before);
  });

  it('when a member updates themselves through the staff API then the answer is 403 and nothing changes', async () => {
    const before = await userRow(member.user.id);
    const res = await call(t.app, 'PUT', `/member/v1/users/${member.user.id}`, {
      token: memberToken,
      body: { is_verifies_email: true, is_verifies_mobile: true },
    });
    expectError(res, 403, 'FORBIDDEN');
    expect(await userRow(member.user.id)).toEqual(before);
  });

  it('when a member deletes another user then the answer is 403 and the user still exists', async () => {
    expectError(
      await call(t.app, 'DELETE', `/member/v1/users/${other.user.id}`, { token: memberToken }),
      403,
      'FORBIDDEN',
    );
    expect((await userRow(other.user.id))?.deleted_at).toBeNull();
  });

  it("when the portal's public app token calls the staff API then the answer is 403", async () => {
    const token = await appToken(t.app);
    expectError(await call(t.app, 'GET', '/member/v1/users', { token }), 403, 'FORBIDDEN');
    expectError(await call(t.app, 'GET', `/member/v1/users/${other.user.id}`, { token }), 403, 'FORBIDDEN');
    expectError(
      await call(t.app, 'DELETE', `/member/v1/users/${other.user.id}`, { token }),
      403,
      'FORBIDDEN',
    );
    expect((await userRow(other.user.id))?.deleted_at).toBeNull();
  });

  it('when no token is sent then the staff API answers 401', async () => {
    expectError(await call(t.app, 'GET', '/member/v1/users'), 401, 'UNAUTHENTICATED');
  });
});

describe('staff', () => {
  it('when staff list users then the answer is a page with items and pagination', async () => {
    const total = await count(t, 'select count(*) n from users where deleted_at is null');
    const data = expectData(
      await call(t.app, 'GET', '/member/v1/users?page=1&per_page=2', { token: staffToken }),
    );
    expect(data.pagination).toEqual({ page: 1, per_page: 2, total, last_page: Math.ceil(total / 2) });
    expect(data.items).toHaveLength(2);
    const page2 = expectData(
      await call(t.app, 'GET', '/member/v1/users?page=2&per_page=2', { token: staffToken }),
    );
    const ids = [...data.items, ...page2.items].map((u: User) => u.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('when staff list without paging then 10 per page is the default', async () => {
    const data = expectData(await call(t.app, 'GET', '/member/v1/users', { token: staffToken }));
    expect(data.pagination.page).toBe(1);
    expect(data.pagination.per_page).toBe(10);
  });

  it('when staff search by e-mail then only matching users come back', async () => {
    const data = expectData(
      await call(t.app, 'GET', `/member/v1/users?search=${encodeURIComponent(other.body.email)}`, {
        token: staffToken,
      }),
    );
    expect(data.items.map((u: User) => u.id)).toEqual([other.user.id]);
    expect(data.pagination.total).toBe(1);
  });

  it('when staff ask per_page above the maximum then the answer is 422', async () => {
    expectError(
      await call(t.app, 'GET', '/member/v1/users?per_page=1000', { token: staffToken }),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('when staff read a user then they get the full user', async () => {
    const data = expectData<User>(
      await call(t.app, 'GET', `/member/v1/users/${other.user.id}`, { token: staffToken }),
    );
    expect(data).toMatchObject({
      id: other.user.id,
      email: other.body.email,
      member: { memberCode: other.user.member?.memberCode },
    });
  });

  it('when staff read a user that does not exist then the answer is 404', async () => {
    expectError(await call(t.app, 'GET', '/member/v1/users/999999', { token: staffToken }), 404, 'NOT_FOUND');
  });

  it('when staff update name and flags then the user changes', async () => {
    const target = await register(t.app, invitation);
    const res = await call(t.app, 'PUT', `/member/v1/users/${target.user.id}`, {
      token: staffToken,
      body: { first_name: 'Updated', is_verifies_mobile: true },
    });
    const data = expectData<User>(res);
    expect(data).toMatchObject({ first_name: 'Updated', is_verifies_mobile: true });
    expect(data.mobile_verified_at).not.toBeNull();
    expect((await userRow(target.user.id))?.first_name).toBe('Updated');
  });

  it("when staff set another user's e-mail to a taken one then the answer is 422 USER_UPDATE_VALIDATE_ERROR and nothing changes", async () => {
    const target = await register(t.app, invitation);
    const before = await userRow(target.user.id);
    const res = await call(t.app, 'PUT', `/member/v1/users/${target.user.id}`, {
      token: staffToken,
      body: { email: member.body.email.toUpperCase(), first_name: 'Nope' },
    });
    const status = expectError(res, 422, 'USER_UPDATE_VALIDATE_ERROR');
    expect(status.errors?.email).toEqual(['The email has already been taken']);
    expect(await userRow(target.user.id)).toEqual(before);
  });

  it('when staff deactivate a user then their sessions are revoked and they can no longer sign in', async () => {
    const target = await register(t.app, invitation);
    const session = await login(t.app, target.body.email);
    const data = expectData<User>(
      await call(t.app, 'PUT', `/member/v1/users/${target.user.id}`, {
        token: staffToken,
        body: { is_active: false },
      }),
    );
    expect(data.is_active).toBe(false);
    const res = await refresh(t.app, session.refresh_token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
    expectError(
      await call(t.app, 'POST', '/member/v1/login', {
        body: { username: target.body.email, password: PASSWORD },
      }),
      403,
      'ACCOUNT_INACTIVE',
    );
  });

  it('when staff delete a user then the row stays (soft), they can no longer sign in, and they vanish from the API', async () => {
    const target = await register(t.app, invitation);
    const session = await login(t.app, target.body.email);
    expect(
      expectData(await call(t.app, 'DELETE', `/member/v1/users/${target.user.id}`, { token: staffToken })),
    ).toBeNull();

    const stored = await userRow(target.user.id);
    expect(stored?.deleted_at).not.toBeNull();
    expect(await count(t, 'select count(*) n from members where user_id = $1', [target.user.id])).toBe(1);

    expectError(
      await call(t.app, 'POST', '/member/v1/login', {
        body: { username: target.body.email, password: PASSWORD },
      }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect((await refresh(t.app, session.refresh_token)).statusCode).toBe(400);
    expectError(
      await call(t.app, 'GET', `/member/v1/users/${target.user.id}`, { token: staffToken }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(t.app, 'DELETE', `/member/v1/users/${target.user.id}`, { token: staffToken }),
      404,
      'NOT_FOUND',
    );
    const search = expectData(
      await call(t.app, 'GET', `/member/v1/users?search=${encodeURIComponent(target.body.email)}`, {
        token: staffToken,
      }),
    );
    expect(search.items).toEqual([]);
  });

  it('when a confidential client uses client credentials then it may list users', async () => {
    const confidential = await createTestApp({
      OAUTH_CLIENTS: JSON.stringify([
        { id: 'portal-web', secret: 'public', kind: 'public' },
        { id: 'back-office', secret: 'b'.repeat(40), kind: 'confidential' },
      ]),
    });
    try {
      const res = await call(confidential.app, 'POST', '/member/oauth/token', {
        body: { grant_type: 'client_credentials', client_id: 'back-office', client_secret: 'b'.repeat(40) },
      });
      expect(res.statusCode).toBe(200);
      expectData(await call(confidential.app, 'GET', '/member/v1/users', { token: res.json().access_token }));
      const wrong = await call(confidential.app, 'POST', '/member/oauth/token', {
        body: { grant_type: 'client_credentials', client_id: 'back-office', client_secret: 'guess' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'invalid_client' });
    } finally {
      await confidential.close();
    }
  });
});

describe('staff access follows the account, not the token', () => {
  it('when a staff member is demoted then their still-valid access token is refused at once', async () => {
    const former = await seedSponsor(t.database.db);
    await makeStaff(t, former.user.id);
    const token = (await login(t.app, former.user.email)).access_token;
    expect((await call(t.app, 'GET', '/member/v1/users', { token })).statusCode).toBe(200);
    await t.database.pool.query(`update users set type = 'member' where id = $1`, [former.user.id]);
    expectError(await call(t.app, 'GET', '/member/v1/users', { token }), 403, 'FORBIDDEN');
  });
});
