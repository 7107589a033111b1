import { asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { pageAnswer, type Page } from '@portal/contracts/envelope';
import type { Country, District, Province, Subdistrict } from '@portal/contracts/reference';
import type { Db } from '../../../db/client';
import { countries, districts, provinces, subdistricts } from '../../../db/schema/reference';

/** The address lists (countries and the Thai provinces, districts and subdistricts), a page at a time. */

async function paged<T>(
  db: Db,
  table: PgTable,
  orderBy: PgColumn,
  where: SQL | undefined,
  page: number,
  perPage: number,
  map: (row: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(table).where(where);
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(asc(orderBy))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return pageAnswer(
    rows.map((r) => map(r as Record<string, unknown>)),
    total,
    { page, per_page: perPage },
  );
}

/** Countries by English name; `codes` (ISO alpha-2) narrows the list. */
export const countryPage = (db: Db, codes: string[] | undefined, page: number, perPage: number) =>
  paged(
    db,
    countries,
    countries.nameEn,
    codes?.length ? inArray(countries.code, codes) : undefined,
    page,
    perPage,
    (r) =>
      ({
        id: r.id,
        code: r.code,
        alpha3: r.alpha3,
        name_th: r.nameTh,
        name_en: r.nameEn,
      }) as Country,
  );

export const provincePage = (db: Db, page: number, perPage: number) =>
  paged(
    db,
    provinces,
    provinces.id,
    undefined,
    page,
    perPage,
    (r) => ({ id: r.id, code: r.code, name_th: r.nameTh, name_en: r.nameEn }) as Province,
  );

export const districtPage = (db: Db, provinceId: number, page: number, perPage: number) =>
  paged(
    db,
    districts,
    districts.id,
    eq(districts.provinceId, provinceId),
    page,
    perPage,
    (r) =>
      ({
        id: r.id,
        code: r.code,
        province_id: r.provinceId,
        name_th: r.nameTh,
        name_en: r.nameEn,
      }) as District,
  );

export const subdistrictPage = (db: Db, districtId: number, page: number, perPage: number) =>
  paged(
    db,
    subdistricts,
    subdistricts.id,
    eq(subdistricts.districtId, districtId),
    page,
    perPage,
    (r) =>
      ({
        id: r.id,
        code: r.code,
        district_id: r.districtId,
        name_th: r.nameTh,
        name_en: r.nameEn,
        post_code: r.postCode,
      }) as Subdistrict,
  );
