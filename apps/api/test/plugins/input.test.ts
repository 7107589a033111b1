import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address, MemberDocument } from '@portal/contracts/profile';
import { appToken, call, createTestApp, type TestApp } from '../helpers/app';
import { count, expectData, expectError, makeStaff, row } from '../helpers/expect';
import { login, registration } from '../helpers/fixtures';
import { homeAddress, memberWithToken, pdf, storedFiles, thaiPlace, upload } from '../helpers/profile';

/**
 * Issue #12, finding 4: a NUL byte or another control character in a query parameter or a body
 * text, and an id beyond its column's range, used to reach PostgreSQL and answer 500. They are
 * 422 VALIDATION_ERROR naming the field, and nothing is written.
 */
let t: TestApp;
let member: Awaited<ReturnType<typeof memberWithToken>>;
let staff: Awaited<ReturnType<typeof memberWithToken>>;
let place: Awaited<ReturnType<typeof thaiPlace>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  member = await memberWithToken(t);
  staff = await memberWithToken(t);
  await makeStaff(t, staff.user.id);
  staff.token = (await login(t.app, staff.user.email)).access_token;
  place = await thaiPlace(t);
});
afterAll(() => t.close());

const NUL = '\u0000';
const CONTROL = 'This field may not contain control characters';
const INT32_OVER = 2147483648;
const HUGE = '9999999999999999999';

/** The 422 envelope naming exactly `fields`. */
function expectRefused(res: Awaited<ReturnType<typeof call>>, fields: string[]) {
  const status = expectError(res, 422, 'VALIDATION_ERROR');
  expect(Object.keys(status.errors ?? {}).sort()).toEqual([...fields].sort());
  return status;
}

const userRow = (id: number) => row(t, 'select * from users where id = $1', [id]);
const addressCount = () =>
  count(t, 'select count(*) as n from addresses where user_id = $1', [member.user.id]);
const shipping = (overrides: Record<string, unknown> = {}) => ({
  ...homeAddress(place),
  type: 'shipping',
  ...overrides,
});
const addAddress = (body: unknown) =>
  call(t.app, 'POST', '/member/v1/me/addresses', { token: member.token, body });

describe('control characters in query parameters', () => {
  it('when a search parameter holds a NUL byte then each search answers 422 naming it; ordinary text still answers 200', async () => {
    const searches: [string, string, string][] = [
      ['/network/api/v1/member_downline/search', 'q', member.token],
      ['/network/api/v1/member/search_new_member', 'q', member.token],
      ['/member/v1/users', 'search', staff.token],
      ['/staff/v1/kyc', 'q', staff.token],
    ];
    for (const [path, param, token] of searches) {
      const status = expectRefused(await call(t.app, 'GET', `${path}?${param}=som%00chai`, { token }), [
        param,
      ]);
      expect(status.errors?.[param]).toEqual([CONTROL]);
      expect(status.message).toBe(CONTROL);
      expectData(
        await call(t.app, 'GET', `${path}?${param}=som%20chai%20${encodeURIComponent('สมชาย')}`, { token }),
      );
    }
  });

  it('when a query parameter holds U+0001, a tab, a line feed or DEL then the answer is 422', async () => {
    for (const c of ['%01', '%09', '%0A', '%1F', '%7F']) {
      const res = await call(t.app, 'GET', `/network/api/v1/member_downline/search?q=a${c}b`, {
        token: member.token,
      });
      expectRefused(res, ['q']);
    }
    expectRefused(await call(t.app, 'GET', `/member/v1/users?search=%01&page=1`, { token: staff.token }), [
      'search',
    ]);
  });
});

describe('control characters in bodies', () => {
  it('when PUT /member/v1/me carries a NUL byte then the answer is 422 naming the field and nothing changes', async () => {
    const before = await userRow(member.user.id);
    const res = await call(t.app, 'PUT', '/member/v1/me', {
      token: member.token,
      body: { first_name: `Som${NUL}chai`, last_name: 'Dee', gender: 'male' },
    });
    expectRefused(res, ['first_name']);
    expect(await userRow(member.user.id)).toEqual(before);
  });

  it('when a registration carries a NUL byte then the answer is 422 naming the fields and no user is made', async () => {
    const body = registration(member.user.invitationCode, {
      first_name: `a${NUL}`,
      last_name: 'ok',
      ref_uuid: `${member.user.invitationCode}${NUL}`,
    });
    const res = await call(t.app, 'POST', '/member/v1/users', { token: await appToken(t.app), body });
    expectRefused(res, ['first_name', 'ref_uuid']);
    expect(await count(t, 'select count(*) as n from users where email = $1', [body.email])).toBe(0);
  });

  it('when a form body carries a control character then the answer is 422 naming the field', async () => {
    const res = await call(t.app, 'POST', '/member/oauth/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=portal-web%00&client_secret=public',
    });
    expectRefused(res, ['client_id']);
  });

  it('when an address text holds a NUL byte or U+0001 then it is refused; with a tab or a new line instead it is stored as sent', async () => {
    const before = await addressCount();
    expectRefused(await addAddress(shipping({ street: `x\u0001`, building: `Tower A${NUL}` })), [
      'street',
      'building',
    ]);
    expect(await addressCount()).toBe(before);
    const a = expectData<Address>(
      await addAddress(shipping({ building: 'Tower A\nFloor 3', street: 'Soi 1\tBlock 2' })),
      201,
    );
    expect([a.building, a.street]).toEqual(['Tower A\nFloor 3', 'Soi 1\tBlock 2']);
  });

  it('when a document form field holds a NUL byte then the upload is 422 leaving neither row nor file; several lines are accepted', async () => {
    const docCount = () =>
      count(t, 'select count(*) as n from documents where user_id = $1', [member.user.id]);
    const rows = await docCount();
    const files = storedFiles(t);
    const res = await upload(
      t.app,
      member.token,
      { type: 'other', title: `ID${NUL}card`, note: 'ok' },
      { name: 'a.pdf', data: pdf() },
    );
    expectRefused(res, ['title']);
    expect(await docCount()).toBe(rows);
    expect(storedFiles(t)).toEqual(files);
    const doc = expectData<MemberDocument>(
      await upload(
        t.app,
        member.token,
        { type: 'other', title: 'ID card', description: 'front\r\nback\tside' },
        { name: 'a.pdf', data: pdf() },
      ),
      201,
    );
    expect(doc.description).toBe('front\r\nback\tside');
  });
});

describe('ids beyond their column', () => {
  it('when a place or country id in an address is beyond a 32-bit integer then the answer is 422 naming it, never 500', async () => {
    const before = await addressCount();
    for (const field of ['province_id', 'district_id', 'subdistrict_id', 'country_id']) {
      for (const id of [INT32_OVER, Number(HUGE)])
        expectRefused(await addAddress(shipping({ [field]: id })), [field]);
    }
    expect(await addressCount()).toBe(before);
  });

  it('when an address is updated with a place id beyond a 32-bit integer then the answer is 422 and it stays', async () => {
    const a = expectData<Address>(await addAddress(shipping()), 201);
    for (const field of ['province_id', 'district_id', 'subdistrict_id', 'country_id']) {
      const res = await call(t.app, 'PUT', `/member/v1/me/addresses/${a.id}`, {
        token: member.token,
        body: { [field]: INT32_OVER },
      });
      expectRefused(res, [field]);
    }
    const after = await row<{ province_id: number }>(t, 'select province_id from addresses where id = $1', [
      a.id,
    ]);
    expect(after?.province_id).toBe(place.prov);
  });

  it('when a registration names a country beyond a 32-bit integer then the answer is 422 and no user is made', async () => {
    for (const country_id of [INT32_OVER, HUGE]) {
      const body = registration(member.user.invitationCode, { country_id });
      const res = await call(t.app, 'POST', '/member/v1/users', { token: await appToken(t.app), body });
      expectRefused(res, ['country_id']);
      expect(await count(t, 'select count(*) as n from users where email = $1', [body.email])).toBe(0);
    }
  });

  it('when an id parameter is beyond its column then the answer is 422; a bigint id of 2147483648 is a plain 404', async () => {
    for (const [list, param] of [
      ['districts', 'province_id'],
      ['subdistricts', 'district_id'],
    ] as const) {
      for (const id of [INT32_OVER, HUGE]) {
        const res = await call(t.app, 'GET', `/member/v1/${list}?${param}=${id}`, { token: member.token });
        expectRefused(res, [param]);
      }
    }
    const asMember = { token: member.token };
    const asStaff = { token: staff.token };
    const paths: [string, { token: string }][] = [
      ['/member/v1/me/addresses/:id', asMember],
      ['/member/v1/me/documents/:id', asMember],
      ['/member/v1/me/banks/:id', asMember],
      ['/member/v1/users/:id', asStaff],
      ['/staff/v1/kyc/:id', asStaff],
      ['/staff/v1/documents/:id/file', asStaff],
      ['/network/api/v1/member_downline/:id', asMember],
      ['/network/api/v1/manage_member/:id', asStaff],
    ];
    for (const [path, opts] of paths) {
      const param = /kyc|member_downline/.test(path) ? 'memberId' : path.includes('users') ? 'userId' : 'id';
      expectRefused(await call(t.app, 'GET', path.replace(':id', HUGE), opts), [param]);
      const res = await call(t.app, 'GET', path.replace(':id', String(INT32_OVER)), opts);
      expect(res.statusCode, `${path} ${res.body}`).toBe(404);
    }
    expectRefused(
      await call(
        t.app,
        'GET',
        `/network/api/v1/member_downline/below_postion_member_id?member_id=${HUGE}`,
        asMember,
      ),
      ['member_id'],
    );
    expectRefused(
      await call(t.app, 'POST', '/network/api/v1/manage_member', {
        ...asStaff,
        body: { user_id: HUGE, referrer_member_id: HUGE },
      }),
      ['user_id', 'referrer_member_id'],
    );
  });
});
