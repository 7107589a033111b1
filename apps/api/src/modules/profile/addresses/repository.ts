import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Address, AddressType } from '@portal/contracts/profile';
import type { Db, Tx } from '../../../db/client';
import { addresses } from '../../../db/schema/profile';
import { countries, districts, provinces, subdistricts } from '../../../db/schema/reference';

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

/** The user's addresses (of one type, when given): how many, and one page of them. */
export async function pageOfAddresses(
  db: Db | Tx,
  userId: number,
  type: AddressType | undefined,
  page: { limit: number; offset: number },
): Promise<{ items: Address[]; total: number }> {
  const where = and(eq(addresses.userId, userId), type ? eq(addresses.type, type) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(addresses).where(where);
  return { items: await selectAddresses(db, where, page), total };
}

export async function addressById(db: Db | Tx, id: number): Promise<Address> {
  return (await selectAddresses(db, eq(addresses.id, id)))[0]!;
}

export async function countOwnAddresses(tx: Tx, userId: number): Promise<number> {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  return n;
}

export async function hasHomeAddress(tx: Tx, userId: number): Promise<boolean> {
  const [home] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.type, 'home')));
  return !!home;
}

export async function hasDefaultShipping(tx: Tx, userId: number): Promise<boolean> {
  const [current] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.type, 'shipping'), eq(addresses.isDefault, true)));
  return !!current;
}

export type NewAddress = Omit<typeof addresses.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'isDefault'>;

export async function insertAddress(tx: Tx, values: NewAddress): Promise<number> {
  const [created] = await tx.insert(addresses).values(values).returning({ id: addresses.id });
  return created!.id;
}

export async function updateAddress(tx: Tx, id: number, values: Partial<NewAddress>) {
  await tx
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(addresses.id, id));
}

export async function deleteAddress(tx: Tx, id: number) {
  await tx.delete(addresses).where(eq(addresses.id, id));
}

/** The user's newest shipping address, if any. */
export async function newestShipping(tx: Tx, userId: number): Promise<number | null> {
  const [next] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.type, 'shipping')))
    .orderBy(desc(addresses.createdAt), desc(addresses.id))
    .limit(1);
  return next?.id ?? null;
}

/** Marks `id` the default shipping address; the user's others lose the mark first. */
export async function setDefaultShipping(tx: Tx, userId: number, id: number) {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.type, 'shipping'),
        eq(addresses.isDefault, true),
        ne(addresses.id, id),
      ),
    );
  await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
}

export async function countryExists(db: Db | Tx, id: number): Promise<boolean> {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
  return !!country;
}

/**
 * The Thai places an address names, looked up together: the province, the district if it belongs to
 * the province, and the sub-district's district and post code (null where there is none).
 */
export async function thaiPlaces(
  db: Db | Tx,
  ids: { province_id: number; district_id: number; subdistrict_id: number },
) {
  const { rows } = await db.execute<{
    province: number | null;
    district: number | null;
    sub_district: number | null;
    post_code: string | null;
  }>(sql`
    select p.id as province, d.id as district, s.district_id as sub_district, s.post_code
    from (select 1) one
    left join provinces p on p.id = ${ids.province_id}
    left join districts d on d.id = ${ids.district_id} and d.province_id = ${ids.province_id}
    left join subdistricts s on s.id = ${ids.subdistrict_id}`);
  return rows[0]!;
}
