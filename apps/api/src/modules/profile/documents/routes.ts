import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { envelopeOf, pageOf } from '@portal/contracts/envelope';
import { bigintIdParam } from '@portal/contracts/ids';
import { documentListQuery, memberDocumentSchema } from '@portal/contracts/profile';
import type { AppContext } from '../../../context';
import { attachment, readMultipart } from '../../../lib/uploads';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { documentFileAnswer } from './files';
import {
  changeDocument,
  listMyDocuments,
  myDocument,
  myDocumentFile,
  removeDocument,
  uploadDocument,
  type Log,
} from './service';

const idParams = z.object({ id: bigintIdParam });
/** A member suspended for missing KYC may still complete it, documents included (decision 012). */
const config = { access: 'user', suspended: 'kyc' } as const;
const one = envelopeOf(memberDocumentSchema);
const logTo =
  (request: FastifyRequest): Log =>
  (err, message) =>
    request.log.error({ err }, message);

/** The member's documents (multipart uploads): the story is in service.ts. */
export const documentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 12, fieldSize: 4096, parts: 14 },
    });
    const form = (request: FastifyRequest) => readMultipart(request, ctx.config.uploadMaxBytes);

    app.get(
      '/v1/me/documents',
      {
        config,
        schema: {
          querystring: documentListQuery,
          response: { 200: envelopeOf(pageOf(memberDocumentSchema)) },
        },
      },
      async (request) => envelope(await listMyDocuments(ctx, userId(request), request.query)),
    );

    app.post('/v1/me/documents', { config, schema: { response: { 201: one } } }, async (request, reply) => {
      const uid = userId(request);
      const document = await uploadDocument(ctx, uid, await form(request), logTo(request));
      return reply.code(201).send(envelope(document, 201));
    });

    app.get(
      '/v1/me/documents/:id',
      { config, schema: { params: idParams, response: { 200: one } } },
      async (request) => envelope(await myDocument(ctx, userId(request), request.params.id)),
    );

    const update = async (request: FastifyRequest<{ Params: { id: number } }>, methodRequired: boolean) => {
      const uid = userId(request);
      const body = await form(request);
      return envelope(
        await changeDocument(ctx, uid, request.params.id, body, methodRequired, logTo(request)),
      );
    };

    // The specification's form: POST with `_method=PUT` (browsers and some proxies only send POST multipart).
    app.post(
      '/v1/me/documents/:id',
      { config, schema: { params: idParams, response: { 200: one } } },
      (request) => update(request, true),
    );
    app.put(
      '/v1/me/documents/:id',
      { config, schema: { params: idParams, response: { 200: one } } },
      (request) => update(request, false),
    );

    app.delete(
      '/v1/me/documents/:id',
      { config, schema: { params: idParams, response: { 200: envelopeOf(z.null()) } } },
      async (request) => {
        await removeDocument(ctx, userId(request), request.params.id);
        return envelope(null);
      },
    );

    app.get(
      '/v1/me/documents/:id/file',
      { config, schema: { params: idParams, response: { 200: documentFileAnswer } } },
      async (request, reply) => {
        const file = await myDocumentFile(ctx, userId(request), request.params.id);
        return attachment(reply, file.name, file.mime, file.data);
      },
    );
  };
