import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { lastPage } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import { MSG } from '@portal/contracts/messages';
import {
  MAX_ADDRESSES,
  addressBody,
  addressListQuery,
  addressUpdateBody,
  type Address,
} from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { addresses } from '../../../db/schema/profile';
import { AppError, validation } from '../../../lib/errors';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { lockForMemberChange, refreshKyc } from '../kyc/service';
import { findOwnAddress, resolvePlaces, selectAddresses, type AddressRow } from './repository';
import { pgError, UNIQUE_VIOLATION } from '../../../lib/sql';

const idParams = z.object({ id: bigintIdParam });
const notFound = () => new AppError(404, 'NOT_FOUND_DATA', MSG.notFound);

async function one(tx: Tx | AppContext['db'], id: number): Promise<Address> {
  return (await selectAddresses(tx, eq(addresses.id, id)))[0]!;
}

/** Makes `id` the one default shipping address: the others lose the mark first, in the same transaction. */
async function makeDefault(tx: Tx, userIdValue: number, id: number) {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(addresses.userId, userIdValue),
        eq(addresses.type, 'shipping'),
        eq(addresses.isDefault, true),
        ne(addresses.id, id),
      ),
    );
  await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
}

/** The home address belongs to the KYC (locked while it is reviewed); shipping addresses do not. */
async function lockIfHome(tx: Tx, uid: number, type: string) {
  if (type === 'home') await lockForMemberChange(tx, uid);
}

const isUniqueViolation = (err: unknown) => pgError(err).code === UNIQUE_VIOLATION;

export const addressRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/me/addresses',
      { config: { access: 'user', suspended: 'kyc' }, schema: { querystring: addressListQuery } },
      async (request) => {
        const uid = userId(request);
        const { page, per_page, type } = request.query;
        const where = and(eq(addresses.userId, uid), type ? eq(addresses.type, type) : undefined);
        const [{ total } = { total: 0 }] = await ctx.db
          .select({ total: count() })
          .from(addresses)
          .where(where);
        const items = await selectAddresses(ctx.db, where, {
          limit: per_page,
          offset: (page - 1) * per_page,
        });
        return envelope({
          items,
          pagination: { page, per_page, total, last_page: lastPage(total, per_page) },
        });
      },
    );

    app.post(
      '/v1/me/addresses',
      { config: { access: 'user', suspended: 'kyc' }, schema: { body: addressBody } },
      async (request, reply) => {
        const uid = userId(request);
        const b = request.body;
        if (b.type === 'home' && b.is_default)
          throw validation('is_default', 'Only shipping addresses have a default');
        const places = await resolvePlaces(ctx.db, b);
        try {
          const id = await ctx.db.transaction(async (tx) => {
            await lockIfHome(tx, uid, b.type);
            const [{ n } = { n: 0 }] = await tx
              .select({ n: count() })
              .from(addresses)
              .where(eq(addresses.userId, uid));
            if (n >= MAX_ADDRESSES) throw new AppError(422, 'VALIDATION_ERROR', MSG.tooMany);
            if (b.type === 'home') {
              const [home] = await tx
                .select({ id: addresses.id })
                .from(addresses)
                .where(and(eq(addresses.userId, uid), eq(addresses.type, 'home')));
              if (home) throw new AppError(409, 'CONFLICT', MSG.homeExists);
            }
            const [created] = await tx
              .insert(addresses)
              .values({
                userId: uid,
                type: b.type,
                number: b.number,
                building: b.building ?? null,
                alley: b.alley ?? null,
                street: b.street ?? null,
                telephone: b.telephone ?? null,
                ...places,
              })
              .returning({ id: addresses.id });
            if (b.type === 'shipping') {
              const [current] = await tx
                .select({ id: addresses.id })
                .from(addresses)
                .where(
                  and(
                    eq(addresses.userId, uid),
                    eq(addresses.type, 'shipping'),
                    eq(addresses.isDefault, true),
                  ),
                );
              // The first shipping address is the default; a later one when asked.
              if (b.is_default || !current) await makeDefault(tx, uid, created!.id);
            }
            if (b.type === 'home') await refreshKyc(tx, uid);
            return created!.id;
          });
          return reply.code(201).send(envelope(await one(ctx.db, id), 201));
        } catch (err) {
          if (isUniqueViolation(err))
            throw new AppError(
              409,
              'CONFLICT',
              b.type === 'home' ? MSG.homeExists : 'This data has just changed. Please try again.',
            );
          throw err;
        }
      },
    );

    app.get(
      '/v1/me/addresses/:id',
      { config: { access: 'user', suspended: 'kyc' }, schema: { params: idParams } },
      async (request) => {
        const row = await findOwnAddress(ctx.db, userId(request), request.params.id);
        if (!row) throw notFound();
        return envelope(await one(ctx.db, row.id));
      },
    );

    app.put(
      '/v1/me/addresses/:id',
      { config: { access: 'user', suspended: 'kyc' }, schema: { params: idParams, body: addressUpdateBody } },
      async (request) => {
        const uid = userId(request);
        const b = request.body;
        const existing = await findOwnAddress(ctx.db, uid, request.params.id);
        if (!existing) throw notFound();
        if (b.type !== undefined && b.type !== existing.type) throw validation('type', MSG.typeFixed);
        if (existing.type === 'home' && b.is_default)
          throw validation('is_default', 'Only shipping addresses have a default');
        if (existing.type === 'shipping' && existing.isDefault && b.is_default === false) {
          throw validation('is_default', 'Mark another shipping address as the default instead');
        }
        const placesChanged = [
          'country_id',
          'province_id',
          'district_id',
          'subdistrict_id',
          'province_name',
          'district_name',
          'subdistrict_name',
          'post_code',
        ].some((k) => k in b);
        const places = placesChanged ? await resolvePlaces(ctx.db, mergePlaces(existing, b)) : null;
        await ctx.db.transaction(async (tx) => {
          await lockIfHome(tx, uid, existing.type);
          const current = await findOwnAddress(tx, uid, existing.id, true);
          if (!current) throw notFound();
          await tx
            .update(addresses)
            .set({
              ...(b.number !== undefined ? { number: b.number } : {}),
              ...(b.building !== undefined ? { building: b.building } : {}),
              ...(b.alley !== undefined ? { alley: b.alley } : {}),
              ...(b.street !== undefined ? { street: b.street } : {}),
              ...(b.telephone !== undefined ? { telephone: b.telephone } : {}),
              ...(places ?? {}),
              updatedAt: new Date(),
            })
            .where(eq(addresses.id, current.id));
          if (current.type === 'shipping' && b.is_default) await makeDefault(tx, uid, current.id);
          if (current.type === 'home') await refreshKyc(tx, uid);
        });
        return envelope(await one(ctx.db, existing.id));
      },
    );

    app.delete(
      '/v1/me/addresses/:id',
      { config: { access: 'user', suspended: 'kyc' }, schema: { params: idParams } },
      async (request) => {
        const uid = userId(request);
        const existing = await findOwnAddress(ctx.db, uid, request.params.id);
        if (!existing) throw notFound();
        await ctx.db.transaction(async (tx) => {
          await lockIfHome(tx, uid, existing.type);
          const current = await findOwnAddress(tx, uid, existing.id, true);
          if (!current) throw notFound();
          await tx.delete(addresses).where(eq(addresses.id, current.id));
          if (current.type === 'shipping' && current.isDefault) {
            // Exactly one default while any shipping address is left: the newest takes over.
            const [next] = await tx
              .select({ id: addresses.id })
              .from(addresses)
              .where(and(eq(addresses.userId, uid), eq(addresses.type, 'shipping')))
              .orderBy(desc(addresses.createdAt), desc(addresses.id))
              .limit(1);
            if (next) await makeDefault(tx, uid, next.id);
          }
          if (current.type === 'home') await refreshKyc(tx, uid);
        });
        return envelope(null);
      },
    );
  };

function mergePlaces(a: AddressRow, b: z.infer<typeof addressUpdateBody>) {
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
    // A new sub-district brings its own post code unless one is given with it.
    post_code:
      b.post_code !== undefined
        ? b.post_code
        : b.subdistrict_id !== undefined || switched
          ? null
          : a.postCode,
  };
}
