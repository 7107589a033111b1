import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saleDocumentSchema } from '@portal/contracts/sale-document';
import { envelopeOf, ORDER_KEY_HEADER, orderNumberParam } from '@portal/contracts/shop';
import { taxPdfQuery } from '@portal/contracts/tax';
import type { AppContext } from '../../../context';
import { envelope } from '../../../plugins/envelope';
import { fileAnswer } from '../../../plugins/responses';
import { guestOrder } from '../community/service';
import { shopErrors } from '../errors';
import { languageOf } from '../language';
import { orderByNo } from '../orders/repository';
import { ownOrder } from '../orders/service';
import { sendPdf } from '../tax/routes';
import { closeSaleDocumentRenderer, saleDocument, saleDocumentPdf } from './service';

const buyer = { access: 'public' as const, suspended: 'allow' as const };
const guestHeaders = z.object({ [ORDER_KEY_HEADER]: z.string().min(16).max(100).optional() });
const PDF = 'The sale document (Direct Sales Act section 30), a PDF in Thai, or English with lang=en';

/**
 * The sale document of a community-shop sale (issue 22 item 3, decision 041) for its guest (the
 * order key), as data for the order page and as a PDF.
 */
export const saleDocumentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onClose', closeSaleDocumentRenderer);
    const orderOf = async (request: Parameters<typeof languageOf>[0], orderNo: string) => {
      const key = request.headers[ORDER_KEY_HEADER];
      if (key !== undefined) return guestOrder(ctx.db, orderNo, key);
      const p = request.principal;
      if (p?.kind === 'user') return ownOrder(ctx, p.userId, orderNo);
      throw shopErrors.orderNotFound();
    };

    app.get(
      '/v1/orders/:number/sale-document',
      {
        config: buyer,
        schema: {
          description:
            "A community-shop sale's sale document (Direct Sales Act section 30): seller and distributor, buyer, sale and delivery dates, goods, and the right to cancel within 7 days of receiving the goods. The guest sends X-Order-Key.",
          params: orderNumberParam,
          headers: guestHeaders,
          response: { 200: envelopeOf(saleDocumentSchema) },
        },
      },
      async (request) =>
        envelope(await saleDocument(ctx, await orderOf(request, request.params.number), languageOf(request))),
    );

    app.get(
      '/v1/orders/:number/sale-document.pdf',
      {
        config: buyer,
        schema: {
          params: orderNumberParam,
          headers: guestHeaders,
          querystring: taxPdfQuery,
          description: PDF,
          produces: ['application/pdf'],
          response: { 200: fileAnswer(['application/pdf'], PDF) },
        },
      },
      async (request, reply) =>
        sendPdf(
          reply,
          await saleDocumentPdf(ctx, await orderOf(request, request.params.number), request.query.lang),
        ),
    );
  };

/** Staff print a community-shop sale's document (/staff/v1/orders/{number}/sale-document.pdf). */
export const staffSaleDocumentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/orders/:number/sale-document.pdf',
      {
        config: { access: 'staff' as const },
        schema: {
          params: orderNumberParam,
          querystring: taxPdfQuery,
          description: PDF,
          produces: ['application/pdf'],
          response: { 200: fileAnswer(['application/pdf'], PDF) },
        },
      },
      async (request, reply) => {
        const rec = await orderByNo(ctx.db, request.params.number);
        if (!rec) throw shopErrors.orderNotFound();
        return sendPdf(reply, await saleDocumentPdf(ctx, rec, request.query.lang));
      },
    );
  };
