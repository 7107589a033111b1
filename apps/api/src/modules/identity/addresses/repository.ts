import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@portal/contracts/messages';
import { THAILAND_ID, type Address } from '@portal/contracts/profile';
import type { Db, Tx } from '../../../db/client';
import { addresses } from '../../../db/schema/profile';
import { countries, districts, provinces, subdistricts } from '../../../db/schema/reference';
import { AppError, validation } from '../../../lib/errors';

export type AddressRow = typeof addresses.$inferSelect;

const place = (id: number | null, th: string | null, en: string | null) =>
  id !== null && th !== null && en !== null ? { id, name_th: th, name_en: en } : null;

/** Addresses with the names of their places, in one query. */
export async function selectAddresses(
  db: Db | Tx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<Address[]> {
  const q = db
    .select({
      a: addresses,
      sub: { th: subdistricts.nameTh, en: subdistricts.nameEn },
      dis: { th: districts.nameTh, en: districts.nameEn },
      pro: { th: provinces.nameTh, en: provinces.nameEn },
      country: { id: countries.id, code: countries.code, th: countries.nameTh, en: countries.nameEn },
    })
    .from(addresses)
    .leftJoin(subdistricts, eq(subdistricts.id, addresses.subdistrictId))
    .leftJoin(districts, eq(districts.id, addresses.districtId))
    .leftJoin(provinces, eq(provinces.id, addresses.provinceId))
    .leftJoin(countries, eq(countries.id, addresses.countryId))
    .where(where)
    .orderBy(asc(addresses.type), desc(addresses.isDefault), asc(addresses.id));
  const rows = page ? await q.limit(page.limit).offset(page.offset) : await q;
  return rows.map(({ a, sub, dis, pro, country }) => ({
    id: a.id,
    type: a.type as Address['type'],
    is_default: a.isDefault,
    number: a.number,
    building: a.building,
    alley: a.alley,
    street: a.street,
    subdistrict: place(a.subdistrictId, sub?.th ?? null, sub?.en ?? null),
    district: place(a.districtId, dis?.th ?? null, dis?.en ?? null),
    province: place(a.provinceId, pro?.th ?? null, pro?.en ?? null),
    subdistrict_name: a.subdistrictName ?? sub?.th ?? null,
    district_name: a.districtName ?? dis?.th ?? null,
    province_name: a.provinceName ?? pro?.th ?? null,
    post_code: a.postCode,
    telephone: a.telephone,
    country: {
      id: a.countryId,
      code: country?.code ?? '',
      name_th: country?.th ?? '',
      name_en: country?.en ?? '',
    },
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  }));
}

export async function findOwnAddress(
  db: Db | Tx,
  userId: number,
  id: number,
  lock = false,
): Promise<AddressRow | null> {
  const q = db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export interface PlaceFields {
  country_id: number;
  province_id?: number | null;
  district_id?: number | null;
  subdistrict_id?: number | null;
  province_name?: string | null;
  district_name?: string | null;
  subdistrict_name?: string | null;
  post_code?: string | null;
}

export interface ResolvedPlaces {
  countryId: number;
  provinceId: number | null;
  districtId: number | null;
  subdistrictId: number | null;
  provinceName: string | null;
  districtName: string | null;
  subdistrictName: string | null;
  postCode: string | null;
}

/**
 * A Thai address must pick a real province, a district of it and a sub-district of that district;
 * the post code comes from the sub-district, and one that was given must be the same. An address
 * abroad names its places as text and uses no ids.
 */
export async function resolvePlaces(db: Db | Tx, f: PlaceFields): Promise<ResolvedPlaces> {
  const [country] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.id, f.country_id));
  if (!country) throw validation('country_id', 'Choose a country from the list');
  if (f.country_id !== THAILAND_ID) {
    for (const key of ['province_id', 'district_id', 'subdistrict_id'] as const) {
      if (f[key] != null)
        throw validation(key, 'Only Thai addresses pick places from the lists; give the names instead');
    }
    return {
      countryId: f.country_id,
      provinceId: null,
      districtId: null,
      subdistrictId: null,
      provinceName: f.province_name ?? null,
      districtName: f.district_name ?? null,
      subdistrictName: f.subdistrict_name ?? null,
      postCode: f.post_code ?? null,
    };
  }
  const errors: Record<string, string[]> = {};
  if (!f.province_id) errors.province_id = [MSG.invalidProvince];
  if (!f.district_id) errors.district_id = [MSG.invalidDistrict];
  if (!f.subdistrict_id) errors.subdistrict_id = [MSG.invalidSubdistrict];
  if (Object.keys(errors).length)
    throw new AppError(422, 'VALIDATION_ERROR', Object.values(errors)[0]![0]!, errors);
  const { rows } = await db.execute<{
    province: number | null;
    district: number | null;
    sub_district: number | null;
    post_code: string | null;
  }>(sql`
    select p.id as province, d.id as district, s.district_id as sub_district, s.post_code
    from (select 1) one
    left join provinces p on p.id = ${f.province_id}
    left join districts d on d.id = ${f.district_id} and d.province_id = ${f.province_id}
    left join subdistricts s on s.id = ${f.subdistrict_id}`);
  const r = rows[0]!;
  if (r.province === null) throw validation('province_id', MSG.invalidProvince);
  if (r.district === null) throw validation('district_id', MSG.invalidDistrict);
  if (r.sub_district === null || r.sub_district !== f.district_id)
    throw validation('subdistrict_id', MSG.invalidSubdistrict);
  if (f.post_code && f.post_code !== r.post_code) throw validation('post_code', MSG.postCodeMismatch);
  return {
    countryId: THAILAND_ID,
    provinceId: f.province_id!,
    districtId: f.district_id!,
    subdistrictId: f.subdistrict_id!,
    provinceName: null,
    districtName: null,
    subdistrictName: null,
    postCode: r.post_code,
  };
}
