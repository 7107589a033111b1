import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, pageOf } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import { addressBody, addressListQuery, addressSchema, addressUpdateBody } from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { changeAddress, createAddress, getAddress, listAddresses, removeAddress } from './service';

const idParams = z.object({ id: bigintIdParam });
/** A member suspended for missing KYC may still complete it, the home address included (decision 012). */
const config = { access: 'user', suspended: 'kyc' } as const;
const one = envelopeOf(addressSchema);

export const addressRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/me/addresses',
      {
        config,
        schema: { querystring: addressListQuery, response: { 200: envelopeOf(pageOf(addressSchema)) } },
      },
      async (request) => envelope(await listAddresses(ctx.db, userId(request), request.query)),
    );

    app.post(
      '/v1/me/addresses',
      { config, schema: { body: addressBody, response: { 201: one } } },
      async (request, reply) =>
        reply.code(201).send(envelope(await createAddress(ctx.db, userId(request), request.body), 201)),
    );

    app.get(
      '/v1/me/addresses/:id',
      { config, schema: { params: idParams, response: { 200: one } } },
      async (request) => envelope(await getAddress(ctx.db, userId(request), request.params.id)),
    );

    app.put(
      '/v1/me/addresses/:id',
      { config, schema: { params: idParams, body: addressUpdateBody, response: { 200: one } } },
      async (request) =>
        envelope(await changeAddress(ctx.db, userId(request), request.params.id, request.body)),
    );

    app.delete(
      '/v1/me/addresses/:id',
      { config, schema: { params: idParams, response: { 200: envelopeOf(z.null()) } } },
      async (request) => {
        await removeAddress(ctx.db, userId(request), request.params.id);
        return envelope(null);
      },
    );
  };
