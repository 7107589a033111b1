import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeOf, ORDER_KEY_HEADER, orderNumberParam } from '@portal/contracts/shop';
import { orderTaxDocumentsSchema, taxInvoiceRequestBody, taxPdfQuery } from '@portal/contracts/tax';
import type { AppContext } from '../../../context';
import { envelope } from '../../../plugins/envelope';
import { fileAnswer } from '../../../plugins/responses';
import { actorOf } from '../audit';
import { guestOrder } from '../community/service';
import { shopErrors } from '../errors';
import { ownOrder } from '../orders/service';
import type { OrderRecord } from '../orders/repository';
import { closeTaxRenderer, orderTaxDocuments, requestFullInvoice, taxDocumentPdf } from './service';

/** The buyer's own: a member with their token, a guest with the order key (and an application token). */
const buyer = { access: 'public' as const, suspended: 'allow' as const };
const guestHeaders = z.object({ [ORDER_KEY_HEADER]: z.string().min(16).max(100).optional() });

/** The order of the one asking: the guest's by its key, else the signed-in member's own; anybody else's is 404. */
export async function buyersOrder(
  ctx: AppContext,
  request: FastifyRequest,
  orderNo: string,
): Promise<OrderRecord> {
  const key = request.headers[ORDER_KEY_HEADER];
  if (key !== undefined) return guestOrder(ctx.db, orderNo, key);
  const p = request.principal;
  if (p?.kind === 'user') return ownOrder(ctx, p.userId, orderNo);
  throw shopErrors.orderNotFound();
}

export const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; name: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);

/**
 * An order's tax documents for its buyer (issue 22, decision 040): the list, the PDFs of the tax
 * invoice in force and of the credit note, and the request of a full tax invoice. A member calls
 * with their token; a guest of a community shop with the order key its checkout answered
 * (X-Order-Key), as the guest's order page reads the order.
 */
export const taxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onClose', closeTaxRenderer);
    const pdfSchema = (description: string) => ({
      params: orderNumberParam,
      headers: guestHeaders,
      querystring: taxPdfQuery,
      description,
      produces: ['application/pdf'],
      response: { 200: fileAnswer(['application/pdf'], description) },
    });

    app.get(
      '/v1/orders/:number/tax-invoice',
      {
        config: buyer,
        schema: {
          description:
            "The order's tax documents: the invoice in force (abbreviated at payment, or the full one asked for), a credit note after a refund, and every document issued, oldest first. A guest sends X-Order-Key.",
          params: orderNumberParam,
          headers: guestHeaders,
          response: { 200: envelopeOf(orderTaxDocumentsSchema) },
        },
      },
      async (request) =>
        envelope(await orderTaxDocuments(ctx, await buyersOrder(ctx, request, request.params.number))),
    );

    app.post(
      '/v1/orders/:number/tax-invoice',
      {
        config: buyer,
        schema: {
          description:
            'A full tax invoice (Revenue Code 86/4) made out to the buyer given, for a paid order: the invoice in force is canceled and the full one refers to it. 201 when issued; 200 when the invoice in force is already a full one to the same details. A guest sends X-Order-Key.',
          params: orderNumberParam,
          headers: guestHeaders,
          body: taxInvoiceRequestBody,
          response: { 200: envelopeOf(orderTaxDocumentsSchema), 201: envelopeOf(orderTaxDocumentsSchema) },
        },
      },
      async (request, reply) => {
        const rec = await buyersOrder(ctx, request, request.params.number);
        const { created } = await requestFullInvoice(ctx, rec.order.orderNo, request.body, actorOf(request));
        const code = created ? 201 : 200;
        return reply.code(code).send(envelope(await orderTaxDocuments(ctx, rec), code));
      },
    );

    app.get(
      '/v1/orders/:number/tax-invoice.pdf',
      {
        config: buyer,
        schema: pdfSchema("The order's tax invoice in force, a PDF (Thai, or English with lang=en)"),
      },
      async (request, reply) => {
        const rec = await buyersOrder(ctx, request, request.params.number);
        return sendPdf(reply, await taxDocumentPdf(ctx, rec, 'invoice', request.query.lang));
      },
    );

    app.get(
      '/v1/orders/:number/credit-note.pdf',
      {
        config: buyer,
        schema: pdfSchema("The order's credit note after a refund, a PDF (Thai, or English with lang=en)"),
      },
      async (request, reply) => {
        const rec = await buyersOrder(ctx, request, request.params.number);
        return sendPdf(reply, await taxDocumentPdf(ctx, rec, 'credit_note', request.query.lang));
      },
    );
  };
