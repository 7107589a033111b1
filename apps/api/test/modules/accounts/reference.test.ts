import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Country, District, Province, Subdistrict } from '@portal/contracts/reference';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError } from '../../helpers/expect';
import { login, seedSponsor } from '../../helpers/fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await appToken(t.app);
});
afterAll(() => t.close());

const get = (url: string, bearer: string | undefined = token) =>
  call(t.app, 'GET', `/member/v1/${url}`, { token: bearer });

describe('reference lists', () => {
  it("when countries are asked with only=th then Thailand comes back with its Thai name 'ไทย'", async () => {
    const data = expectData(await get('countries?only=th'));
    expect(data.items).toHaveLength(1);
    expect(data.items[0] as Country).toMatchObject({
      code: 'TH',
      alpha3: 'THA',
      name_th: 'ไทย',
      name_en: 'Thailand',
    });
    expect(data.pagination.total).toBe(1);
  });

  it('when countries are asked with per_page 200 then two pages hold them all, each once, with Thai names', async () => {
    const page1 = expectData(await get('countries?per_page=200'));
    const page2 = expectData(await get('countries?per_page=200&page=2'));
    expect(page1.pagination.total).toBeGreaterThan(200);
    expect(page1.pagination.last_page).toBe(2);
    expect(page1.items).toHaveLength(200);
    const all = [...page1.items, ...page2.items] as Country[];
    expect(all).toHaveLength(page1.pagination.total);
    expect(new Set(all.map((c) => c.code)).size).toBe(all.length);
    expect(all.every((c) => /^[A-Z]{2}$/.test(c.code) && c.name_th.length > 0)).toBe(true);
  });

  it('when provinces are asked with per_page 300 then all 77 come in one page', async () => {
    const data = expectData(await get('provinces?per_page=300'));
    expect(data.pagination).toEqual({ page: 1, per_page: 300, total: 77, last_page: 1 });
    expect(data.items).toHaveLength(77);
    expect((data.items as Province[]).find((p) => p.id === 1)).toMatchObject({
      name_en: 'Bangkok',
      name_th: 'กรุงเทพมหานคร',
    });
  });

  it('when districts of province 1 (Bangkok) are asked then there are 50', async () => {
    const data = expectData(await get('districts?province_id=1&per_page=300'));
    expect(data.pagination.total).toBe(50);
    expect(data.items).toHaveLength(50);
    expect((data.items as District[]).every((d) => d.province_id === 1)).toBe(true);
  });

  it('when subdistricts of a district are asked then each has a 5-digit post code and belongs to it', async () => {
    const districts = expectData(await get('districts?province_id=1&per_page=1')).items as District[];
    const districtId = districts[0]!.id;
    const data = expectData(await get(`subdistricts?district_id=${districtId}&per_page=300`));
    expect(data.items.length).toBeGreaterThan(0);
    for (const s of data.items as Subdistrict[]) {
      expect(s.district_id).toBe(districtId);
      expect(s.post_code).toMatch(/^\d{5}$/);
      expect(s.name_th.length).toBeGreaterThan(0);
    }
  });

  it('when province_id or district_id is missing then the answer is 422 on that field', async () => {
    expect(expectError(await get('districts'), 422, 'VALIDATION_ERROR').errors?.province_id).toBeDefined();
    expect(expectError(await get('subdistricts'), 422, 'VALIDATION_ERROR').errors?.district_id).toBeDefined();
    expect(
      expectError(await get('districts?province_id=abc'), 422, 'VALIDATION_ERROR').errors?.province_id,
    ).toBeDefined();
  });

  it('when per_page is above 300 or page is 0 then the answer is 422', async () => {
    expectError(await get('provinces?per_page=301'), 422, 'VALIDATION_ERROR');
    expectError(await get('provinces?page=0'), 422, 'VALIDATION_ERROR');
  });

  it('when a page past the end is asked then items are empty and the pagination still tells the truth', async () => {
    const data = expectData(await get('provinces?page=9&per_page=10'));
    expect(data.items).toEqual([]);
    expect(data.pagination).toEqual({ page: 9, per_page: 10, total: 77, last_page: 8 });
  });

  it('when no bearer token is sent then every list answers 401', async () => {
    for (const url of ['countries', 'provinces', 'districts?province_id=1', 'subdistricts?district_id=1']) {
      expectError(await get(url, ''), 401, 'UNAUTHENTICATED');
    }
  });

  it("when a signed-in member's token is used then the lists work too", async () => {
    const sponsor = await seedSponsor(t.database.db);
    const session = await login(t.app, sponsor.user.email);
    expect(expectData(await get('provinces?per_page=300', session.access_token)).pagination.total).toBe(77);
  });
});
