import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, pageOf } from '@portal/contracts/envelope';
import {
  countrySchema,
  districtSchema,
  provinceSchema,
  subdistrictSchema,
  type Country,
  type District,
  type Province,
  type Subdistrict,
} from '@portal/contracts/reference';
import { asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { lastPage, pageQuery } from '@portal/contracts/envelope';
import { int32IdParam } from '@portal/contracts/ids';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { countries, districts, provinces, subdistricts } from '../../../db/schema/reference';
import { envelope } from '../../../plugins/envelope';

async function paged<T>(
  db: Db,
  table: PgTable,
  orderBy: PgColumn,
  where: SQL | undefined,
  page: number,
  perPage: number,
  map: (row: Record<string, unknown>) => T,
) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(table).where(where);
  const rows = await db
    .select()
    .from(table)
    .where(where)
    .orderBy(asc(orderBy))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return envelope({
    items: rows.map((r) => map(r as Record<string, unknown>)),
    pagination: { page, per_page: perPage, total, last_page: lastPage(total, perPage) },
  });
}

/** The address lists: public calls, real data loaded from the reference packages. */
export const referenceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const opts = { config: { access: 'public' as const } };

    app.get(
      '/v1/countries',
      {
        ...opts,
        schema: {
          querystring: pageQuery(300).extend({ only: z.string().max(200).optional() }),
          response: { 200: envelopeOf(pageOf(countrySchema)) },
        },
      },
      async (request, reply) => {
        const { page, per_page, only } = request.query;
        const codes = only
          ?.split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean);
        reply.header('cache-control', 'public, max-age=3600');
        return paged(
          ctx.db,
          countries,
          countries.nameEn,
          codes?.length ? inArray(countries.code, codes) : undefined,
          page,
          per_page,
          (r) =>
            ({
              id: r.id,
              code: r.code,
              alpha3: r.alpha3,
              name_th: r.nameTh,
              name_en: r.nameEn,
            }) as Country,
        );
      },
    );

    app.get(
      '/v1/provinces',
      {
        ...opts,
        schema: { querystring: pageQuery(300), response: { 200: envelopeOf(pageOf(provinceSchema)) } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return paged(
          ctx.db,
          provinces,
          provinces.id,
          undefined,
          request.query.page,
          request.query.per_page,
          (r) =>
            ({
              id: r.id,
              code: r.code,
              name_th: r.nameTh,
              name_en: r.nameEn,
            }) as Province,
        );
      },
    );

    app.get(
      '/v1/districts',
      {
        ...opts,
        schema: {
          querystring: pageQuery(300).extend({ province_id: int32IdParam }),
          response: { 200: envelopeOf(pageOf(districtSchema)) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        const q = request.query;
        return paged(
          ctx.db,
          districts,
          districts.id,
          eq(districts.provinceId, q.province_id),
          q.page,
          q.per_page,
          (r) =>
            ({
              id: r.id,
              code: r.code,
              province_id: r.provinceId,
              name_th: r.nameTh,
              name_en: r.nameEn,
            }) as District,
        );
      },
    );

    app.get(
      '/v1/subdistricts',
      {
        ...opts,
        schema: {
          querystring: pageQuery(300).extend({ district_id: int32IdParam }),
          response: { 200: envelopeOf(pageOf(subdistrictSchema)) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        const q = request.query;
        return paged(
          ctx.db,
          subdistricts,
          subdistricts.id,
          eq(subdistricts.districtId, q.district_id),
          q.page,
          q.per_page,
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
      },
    );
  };
