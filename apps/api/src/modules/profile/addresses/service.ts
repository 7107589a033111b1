import type { z } from 'zod';
import { pageAnswer, type Page } from '@portal/contracts/envelope';
import { MSG } from '@portal/contracts/messages';
import {
  MAX_ADDRESSES,
  type Address,
  type addressBody,
  type addressListQuery,
  type addressUpdateBody,
} from '@portal/contracts/profile';
import type { Db, Tx } from '../../../db/client';
import { AppError, validation } from '../../../lib/errors';
import { pgError, UNIQUE_VIOLATION } from '../../../lib/sql';
import { lockForMemberChange, refreshKyc } from '../kyc/service';
import { changesPlaces, mergePlaces, resolvePlaces } from './places';
import {
  addressById,
  countOwnAddresses,
  deleteAddress,
  findOwnAddress,
  hasDefaultShipping,
  hasHomeAddress,
  insertAddress,
  newestShipping,
  pageOfAddresses,
  setDefaultShipping,
  updateAddress,
} from './repository';

/**
 * The member's addresses: one home address, which belongs to the KYC (locked while staff review it,
 * and a change sends the KYC back to be checked), and up to MAX_ADDRESSES in all, the shipping ones
 * with exactly one default while any is left.
 */
const notFound = () => new AppError(404, 'NOT_FOUND_DATA', MSG.notFound);
const onlyShippingDefault = () => validation('is_default', 'Only shipping addresses have a default');

/** The home address belongs to the KYC (locked while it is reviewed); shipping addresses do not. */
async function lockIfHome(tx: Tx, userId: number, type: string) {
  if (type === 'home') await lockForMemberChange(tx, userId);
}

export async function listAddresses(
  db: Db,
  userId: number,
  q: z.infer<typeof addressListQuery>,
): Promise<Page<Address>> {
  const { items, total } = await pageOfAddresses(db, userId, q.type, {
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return pageAnswer(items, total, q);
}

export async function getAddress(db: Db, userId: number, id: number): Promise<Address> {
  const row = await findOwnAddress(db, userId, id);
  if (!row) throw notFound();
  return addressById(db, row.id);
}

/**
 * A new address. A second home address is a conflict (also when two arrive at once: the unique index
 * decides); the first shipping address becomes the default, a later one when asked.
 */
export async function createAddress(
  db: Db,
  userId: number,
  b: z.infer<typeof addressBody>,
): Promise<Address> {
  if (b.type === 'home' && b.is_default) throw onlyShippingDefault();
  const places = await resolvePlaces(db, b);
  try {
    const id = await db.transaction(async (tx) => {
      await lockIfHome(tx, userId, b.type);
      if ((await countOwnAddresses(tx, userId)) >= MAX_ADDRESSES)
        throw new AppError(422, 'VALIDATION_ERROR', MSG.tooMany);
      if (b.type === 'home' && (await hasHomeAddress(tx, userId)))
        throw new AppError(409, 'CONFLICT', MSG.homeExists);
      const id = await insertAddress(tx, {
        userId,
        type: b.type,
        number: b.number,
        building: b.building ?? null,
        alley: b.alley ?? null,
        street: b.street ?? null,
        telephone: b.telephone ?? null,
        ...places,
      });
      if (b.type === 'shipping' && (b.is_default || !(await hasDefaultShipping(tx, userId))))
        await setDefaultShipping(tx, userId, id);
      if (b.type === 'home') await refreshKyc(tx, userId);
      return id;
    });
    return addressById(db, id);
  } catch (err) {
    if (pgError(err).code === UNIQUE_VIOLATION)
      throw new AppError(
        409,
        'CONFLICT',
        b.type === 'home' ? MSG.homeExists : 'This data has just changed. Please try again.',
      );
    throw err;
  }
}

/**
 * Changes an address; its type is fixed. The default shipping address stays the default until
 * another is marked; changed places are checked again as a whole.
 */
export async function changeAddress(
  db: Db,
  userId: number,
  id: number,
  b: z.infer<typeof addressUpdateBody>,
): Promise<Address> {
  const existing = await findOwnAddress(db, userId, id);
  if (!existing) throw notFound();
  if (b.type !== undefined && b.type !== existing.type) throw validation('type', MSG.typeFixed);
  if (existing.type === 'home' && b.is_default) throw onlyShippingDefault();
  if (existing.type === 'shipping' && existing.isDefault && b.is_default === false) {
    throw validation('is_default', 'Mark another shipping address as the default instead');
  }
  const places = changesPlaces(b) ? await resolvePlaces(db, mergePlaces(existing, b)) : null;
  await db.transaction(async (tx) => {
    await lockIfHome(tx, userId, existing.type);
    const current = await findOwnAddress(tx, userId, existing.id, true);
    if (!current) throw notFound();
    await updateAddress(tx, current.id, {
      ...(b.number !== undefined ? { number: b.number } : {}),
      ...(b.building !== undefined ? { building: b.building } : {}),
      ...(b.alley !== undefined ? { alley: b.alley } : {}),
      ...(b.street !== undefined ? { street: b.street } : {}),
      ...(b.telephone !== undefined ? { telephone: b.telephone } : {}),
      ...(places ?? {}),
    });
    if (current.type === 'shipping' && b.is_default) await setDefaultShipping(tx, userId, current.id);
    if (current.type === 'home') await refreshKyc(tx, userId);
  });
  return addressById(db, existing.id);
}

/** Removes an address; when it was the default shipping address, the newest one left takes over. */
export async function removeAddress(db: Db, userId: number, id: number): Promise<void> {
  const existing = await findOwnAddress(db, userId, id);
  if (!existing) throw notFound();
  await db.transaction(async (tx) => {
    await lockIfHome(tx, userId, existing.type);
    const current = await findOwnAddress(tx, userId, existing.id, true);
    if (!current) throw notFound();
    await deleteAddress(tx, current.id);
    if (current.type === 'shipping' && current.isDefault) {
      const next = await newestShipping(tx, userId);
      if (next) await setDefaultShipping(tx, userId, next);
    }
    if (current.type === 'home') await refreshKyc(tx, userId);
  });
}
