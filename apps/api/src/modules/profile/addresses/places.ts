import { MSG } from '@portal/contracts/messages';
import { THAILAND_ID, type addressUpdateBody } from '@portal/contracts/profile';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client';
import { AppError, validation } from '../../../lib/errors';
import { countryExists, thaiPlaces, type AddressRow } from './repository';

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
  if (!(await countryExists(db, f.country_id)))
    throw validation('country_id', 'Choose a country from the list');
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
  const ids = { province_id: f.province_id!, district_id: f.district_id!, subdistrict_id: f.subdistrict_id! };
  const r = await thaiPlaces(db, ids);
  if (r.province === null) throw validation('province_id', MSG.invalidProvince);
  if (r.district === null) throw validation('district_id', MSG.invalidDistrict);
  if (r.sub_district === null || r.sub_district !== f.district_id)
    throw validation('subdistrict_id', MSG.invalidSubdistrict);
  if (f.post_code && f.post_code !== r.post_code) throw validation('post_code', MSG.postCodeMismatch);
  return {
    countryId: THAILAND_ID,
    provinceId: ids.province_id,
    districtId: ids.district_id,
    subdistrictId: ids.subdistrict_id,
    provinceName: null,
    districtName: null,
    subdistrictName: null,
    postCode: r.post_code,
  };
}

const PLACE_KEYS = [
  'country_id',
  'province_id',
  'district_id',
  'subdistrict_id',
  'province_name',
  'district_name',
  'subdistrict_name',
  'post_code',
] as const;

/** An update names a place field: the places are checked again as a whole. */
export const changesPlaces = (b: z.infer<typeof addressUpdateBody>) => PLACE_KEYS.some((k) => k in b);

/**
 * The places after an update: what the update gives, else what the address had; moving to another
 * country drops the old places, and a new sub-district brings its own post code unless one is given.
 */
export function mergePlaces(a: AddressRow, b: z.infer<typeof addressUpdateBody>): PlaceFields {
  const countryId = b.country_id ?? a.countryId;
  const switched = countryId !== a.countryId;
  const pick = <T>(given: T | undefined, old: T): T | null =>
    given !== undefined ? given : switched ? null : old;
  return {
    country_id: countryId,
    province_id: pick(b.province_id, a.provinceId),
    district_id: pick(b.district_id, a.districtId),
    subdistrict_id: pick(b.subdistrict_id, a.subdistrictId),
    province_name: pick(b.province_name, a.provinceName),
    district_name: pick(b.district_name, a.districtName),
    subdistrict_name: pick(b.subdistrict_name, a.subdistrictName),
    post_code:
      b.post_code !== undefined
        ? b.post_code
        : b.subdistrict_id !== undefined || switched
          ? null
          : a.postCode,
  };
}
