import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, pageOf, pageQuery } from '@portal/contracts/envelope';
import { int32IdParam } from '@portal/contracts/ids';
import {
  countrySchema,
  districtSchema,
  provinceSchema,
  subdistrictSchema,
} from '@portal/contracts/reference';
import type { AppContext } from '../../../context';
import { envelope } from '../../../plugins/envelope';
import { countryPage, districtPage, provincePage, subdistrictPage } from './repository';

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
        return envelope(await countryPage(ctx.db, codes, page, per_page));
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
        return envelope(await provincePage(ctx.db, request.query.page, request.query.per_page));
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
        return envelope(await districtPage(ctx.db, q.province_id, q.page, q.per_page));
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
        return envelope(await subdistrictPage(ctx.db, q.district_id, q.page, q.per_page));
      },
    );
  };
