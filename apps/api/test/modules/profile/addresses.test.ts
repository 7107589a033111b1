import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@portal/contracts/envelope';
import type { Address } from '@portal/contracts/profile';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { count, expectData, expectError } from '../../helpers/expect';
import { homeAddress, memberWithToken, thaiPlace } from '../../helpers/profile';

let t: TestApp;
let member: Awaited<ReturnType<typeof memberWithToken>>;
let place: Awaited<ReturnType<typeof thaiPlace>>;
/** A sub-district of another district (and province) than `place`. */
let elsewhere: Awaited<ReturnType<typeof thaiPlace>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: '1000' });
  member = await memberWithToken(t);
  place = await thaiPlace(t);
  elsewhere = await thaiPlace(t, 5000);
});
afterAll(() => t.close());

const create = (body: unknown, token = member.token) =>
  call(t.app, 'POST', '/member/v1/me/addresses', { token, body });
const update = (id: number, body: unknown) =>
  call(t.app, 'PUT', `/member/v1/me/addresses/${id}`, { token: member.token, body });
const shipping = (overrides: Record<string, unknown> = {}) => ({
  ...homeAddress(place),
  type: 'shipping',
  ...overrides,
});
const list = async (type?: string) =>
  expectData<Page<Address>>(
    await call(t.app, 'GET', `/member/v1/me/addresses?per_page=100${type ? `&type=${type}` : ''}`, {
      token: member.token,
    }),
  ).items;

describe('Thai addresses from the province → district → sub-district lists', () => {
  it('when the member picks the three places then the post code fills itself and the names come back', async () => {
    const a = expectData<Address>(await create(homeAddress(place)), 201);
    expect(a).toMatchObject({
      type: 'home',
      is_default: false,
      number: '99/1',
      post_code: place.post,
      telephone: '021234567',
    });
    expect(a.province?.id).toBe(place.prov);
    expect(a.district?.id).toBe(place.dist);
    expect(a.subdistrict?.id).toBe(place.sub);
    expect(a.subdistrict_name).toBe(a.subdistrict?.name_th);
    expect(a.country).toMatchObject({ id: 764, code: 'TH' });
  });

  it('when the district is not in the province, or the sub-district not in the district, then the answer is 422 on that field', async () => {
    const before = await count(t, 'select count(*) as n from addresses where user_id = $1', [member.user.id]);
    let status = expectError(
      await create(shipping({ district_id: elsewhere.dist })),
      422,
      'VALIDATION_ERROR',
    );
    expect(status.errors?.district_id).toEqual(['Choose a district of the chosen province']);
    status = expectError(await create(shipping({ subdistrict_id: elsewhere.sub })), 422, 'VALIDATION_ERROR');
    expect(status.errors?.subdistrict_id).toEqual(['Choose a sub-district of the chosen district']);
    status = expectError(await create(shipping({ province_id: 999999 })), 422, 'VALIDATION_ERROR');
    expect(status.errors?.province_id).toBeDefined();
    status = expectError(await create(shipping({ subdistrict_id: undefined })), 422, 'VALIDATION_ERROR');
    expect(status.errors?.subdistrict_id).toBeDefined();
    expect(await count(t, 'select count(*) as n from addresses where user_id = $1', [member.user.id])).toBe(
      before,
    );
  });

  it('when a post code is given then it must be the sub-district one', async () => {
    const status = expectError(await create(shipping({ post_code: '00000' })), 422, 'VALIDATION_ERROR');
    expect(status.errors?.post_code).toEqual(['The post code does not match the sub-district']);
    expect(expectData<Address>(await create(shipping({ post_code: place.post })), 201).post_code).toBe(
      place.post,
    );
  });

  it('when the address is abroad then the places are text and list ids are refused', async () => {
    const a = expectData<Address>(
      await create(
        shipping({
          country_id: 392,
          province_id: undefined,
          district_id: undefined,
          subdistrict_id: undefined,
          province_name: 'Tokyo',
          district_name: 'Shibuya',
          post_code: '150-0002',
        }),
      ),
      201,
    );
    expect(a).toMatchObject({
      province: null,
      province_name: 'Tokyo',
      district_name: 'Shibuya',
      post_code: '150-0002',
      country: { id: 392 },
    });
    expectError(await create(shipping({ country_id: 392 })), 422, 'VALIDATION_ERROR');
  });

  it('when a second home address is added then the answer is 409', async () => {
    expectError(await create(homeAddress(place)), 409, 'CONFLICT');
  });
});

describe('several shipping addresses, exactly one default', () => {
  let member2: Awaited<ReturnType<typeof memberWithToken>>;
  const defaults = async () =>
    count(t, `select count(*) as n from addresses where user_id = $1 and type = 'shipping' and is_default`, [
      member2.user.id,
    ]);
  beforeAll(async () => {
    member2 = await memberWithToken(t);
  });

  it('when shipping addresses are added, one marked default, then exactly one is the default at every step', async () => {
    const first = expectData<Address>(await create(shipping({ number: '1' }), member2.token), 201);
    expect(first.is_default).toBe(true);
    const second = expectData<Address>(await create(shipping({ number: '2' }), member2.token), 201);
    expect(second.is_default).toBe(false);
    expect(await defaults()).toBe(1);
    const third = expectData<Address>(
      await create(shipping({ number: '3', is_default: true }), member2.token),
      201,
    );
    expect(third.is_default).toBe(true);
    expect(await defaults()).toBe(1);
    const again = expectData<Address>(
      await call(t.app, 'PUT', `/member/v1/me/addresses/${second.id}`, {
        token: member2.token,
        body: { is_default: true },
      }),
    );
    expect(again.is_default).toBe(true);
    expect(await defaults()).toBe(1);
    // Unmarking the default directly would leave none: mark another instead.
    expectError(
      await call(t.app, 'PUT', `/member/v1/me/addresses/${second.id}`, {
        token: member2.token,
        body: { is_default: false },
      }),
      422,
      'VALIDATION_ERROR',
    );
    // Deleting the default hands it to the newest one left.
    expectData(await call(t.app, 'DELETE', `/member/v1/me/addresses/${second.id}`, { token: member2.token }));
    expect(await defaults()).toBe(1);
    const left = expectData<Page<Address>>(
      await call(t.app, 'GET', '/member/v1/me/addresses?type=shipping', { token: member2.token }),
    ).items;
    expect(left.find((a) => a.is_default)?.id).toBe(third.id);
  });

  it('when a home address is marked default or an address changes type then the answer is 422', async () => {
    expectError(
      await create({ ...homeAddress(place), is_default: true }, member2.token),
      422,
      'VALIDATION_ERROR',
    );
    const [one] = await list();
    expectError(
      await update(one!.id, { type: one!.type === 'home' ? 'shipping' : 'home' }),
      422,
      'VALIDATION_ERROR',
    );
  });
});

describe('editing an address', () => {
  it('when the sub-district changes then the post code follows it, and other fields can change alone', async () => {
    const [home] = await list('home');
    const other = await thaiPlace(t, 1);
    const moved = expectData<Address>(
      await update(home!.id, { district_id: other.dist, subdistrict_id: other.sub, province_id: other.prov }),
    );
    expect(moved).toMatchObject({ post_code: other.post, subdistrict: { id: other.sub } });
    const renamed = expectData<Address>(await update(home!.id, { alley: 'ซอย 5', telephone: '0812345678' }));
    expect(renamed).toMatchObject({ alley: 'ซอย 5', telephone: '0812345678', post_code: other.post });
    expectError(await update(home!.id, { subdistrict_id: elsewhere.sub }), 422, 'VALIDATION_ERROR');
    expectError(await update(home!.id, { telephone: '12345' }), 422, 'VALIDATION_ERROR');
  });

  it('when the body sets the owner then the answer is 422', async () => {
    const [home] = await list('home');
    expectError(await update(home!.id, { user_id: 1 }), 422, 'VALIDATION_ERROR');
    expectError(await create({ ...shipping(), user_id: 1 }), 422, 'VALIDATION_ERROR');
  });
});
