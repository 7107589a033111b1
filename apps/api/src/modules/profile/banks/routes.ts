import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BANKS } from '@portal/contracts/banks';
import { envelopeOf, pageOf, pageQuery } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import {
  bankAccountBody,
  bankAccountSchema,
  bankAccountUpdateBody,
  bankSchema,
} from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { addBank, changeBank, myBank, myBanks, removeBank } from './service';

const idParams = z.object({ id: bigintIdParam });

export const bankRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    /** The 21 banks with their Bank of Thailand codes and names (also `BANKS` in contracts). */
    app.get(
      '/v1/banks',
      { config: { access: 'public' }, schema: { response: { 200: envelopeOf(z.array(bankSchema)) } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return envelope([...BANKS]);
      },
    );

    app.get(
      '/v1/me/banks',
      {
        config: { access: 'user', suspended: 'kyc' },
        schema: { querystring: pageQuery(100), response: { 200: envelopeOf(pageOf(bankAccountSchema)) } },
      },
      async (request) => envelope(await myBanks(ctx.db, userId(request), request.query)),
    );

    app.post(
      '/v1/me/banks',
      {
        config: { access: 'user', suspended: 'kyc' },
        schema: { body: bankAccountBody, response: { 201: envelopeOf(bankAccountSchema) } },
      },
      async (request, reply) =>
        reply.code(201).send(envelope(await addBank(ctx.db, userId(request), request.body), 201)),
    );

    app.get(
      '/v1/me/banks/:id',
      {
        config: { access: 'user', suspended: 'kyc' },
        schema: { params: idParams, response: { 200: envelopeOf(bankAccountSchema) } },
      },
      async (request) => envelope(await myBank(ctx.db, userId(request), request.params.id)),
    );

    app.put(
      '/v1/me/banks/:id',
      {
        config: { access: 'user', suspended: 'kyc' },
        schema: {
          params: idParams,
          body: bankAccountUpdateBody,
          response: { 200: envelopeOf(bankAccountSchema) },
        },
      },
      async (request) => envelope(await changeBank(ctx.db, userId(request), request.params.id, request.body)),
    );

    app.delete(
      '/v1/me/banks/:id',
      {
        config: { access: 'user', suspended: 'kyc' },
        schema: { params: idParams, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        await removeBank(ctx.db, userId(request), request.params.id);
        return envelope(null);
      },
    );
  };
