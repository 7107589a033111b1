import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { bigintIdParam } from '@portal/contracts/ids';
import {
  envelopeOf,
  pageOf,
  productCodeParam,
  productSchema,
  staffProductBody,
  staffProductListQuery,
  staffProductUpdateBody,
} from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { readMultipart } from '../../../lib/uploads';
import { envelope } from '../../../plugins/envelope';
import { actorOf, type Actor } from '../audit';
import { viewOf } from './view';
import { listCatalog, productDetail } from './service';
import { addPicture, createProduct, removePicture, updateProduct } from './staff-service';

const staff = { access: 'staff' as const };

function editor(request: FastifyRequest): Actor {
  if (request.principal?.kind !== 'user')
    throw new AppError(403, 'FORBIDDEN', 'Only a signed-in staff member may change products');
  return actorOf(request);
}

/** The catalog for staff (/staff/v1/products): every product, active or not; create, edit, pictures. */
export const staffProductRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 4, fieldSize: 256, parts: 5 },
    });
    const detail = async (request: FastifyRequest, code: string) =>
      envelope(await productDetail(ctx.db, code, await viewOf(ctx, request, 'staff')));
    const product = { response: { 200: envelopeOf(productSchema) } };

    app.get(
      '/v1/products',
      {
        config: staff,
        schema: { querystring: staffProductListQuery, response: { 200: envelopeOf(pageOf(productSchema)) } },
      },
      async (request) => {
        const { active, ...q } = request.query;
        const view = await viewOf(ctx, request, 'staff');
        return envelope(
          await listCatalog(
            ctx.db,
            { ...q, active: active === undefined ? undefined : active === 'true' },
            view,
          ),
        );
      },
    );

    app.get(
      '/v1/products/:productCode',
      { config: staff, schema: { params: productCodeParam, ...product } },
      async (request) => detail(request, request.params.productCode),
    );

    app.post(
      '/v1/products',
      { config: staff, schema: { body: staffProductBody, response: { 201: envelopeOf(productSchema) } } },
      async (request, reply) => {
        const code = await createProduct(ctx, request.body, editor(request));
        const body = await detail(request, code);
        return reply.code(201).send({ ...body, status: { code: 201, message: 'success' } });
      },
    );

    app.put(
      '/v1/products/:productCode',
      { config: staff, schema: { params: productCodeParam, body: staffProductUpdateBody, ...product } },
      async (request) => {
        await updateProduct(ctx, request.params.productCode, request.body, editor(request));
        return detail(request, request.params.productCode);
      },
    );

    /** A picture (multipart `file`: PNG, JPEG, GIF or WebP, recognised by its bytes). */
    app.post(
      '/v1/products/:productCode/images',
      { config: staff, schema: { params: productCodeParam, ...product } },
      async (request) => {
        const by = editor(request);
        const form = await readMultipart(request, ctx.config.uploadMaxBytes);
        if (!form.file)
          throw new AppError(422, 'VALIDATION_ERROR', 'Choose a picture to upload', {
            file: ['Choose a picture to upload'],
          });
        await addPicture(ctx, request.params.productCode, form.file.data, by);
        return detail(request, request.params.productCode);
      },
    );

    app.delete(
      '/v1/products/:productCode/images/:imageId',
      { config: staff, schema: { params: productCodeParam.extend({ imageId: bigintIdParam }), ...product } },
      async (request) => {
        await removePicture(ctx, request.params.productCode, request.params.imageId, editor(request));
        return detail(request, request.params.productCode);
      },
    );
  };
