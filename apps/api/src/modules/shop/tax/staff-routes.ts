import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { envelopeOf, orderNumberParam } from '@portal/contracts/shop';
import {
  orderTaxDocumentsSchema,
  salesTaxReportQuery,
  taxInvoiceRequestBody,
  taxPdfQuery,
} from '@portal/contracts/tax';
import type { AppContext } from '../../../context';
import { staffActor } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { fileAnswer } from '../../../plugins/responses';
import type { Actor } from '../audit';
import { shopErrors } from '../errors';
import { orderByNo } from '../orders/repository';
import { sendPdf } from './routes';
import { salesTaxCsv, salesTaxXlsx } from './report';
import { orderTaxDocuments, requestFullInvoice, taxDocumentPdf } from './service';

const staff = { access: 'staff' as const };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const decider = (request: FastifyRequest): Actor => {
  const id = staffActor(request);
  return { actor: `user:${id}`, userId: id };
};

/**
 * The staff desk's tax documents (issue 22, decision 040): an order's documents and their PDFs, a
 * full tax invoice issued for a buyer who asks the desk, and the month's sales tax report as CSV
 * and XLSX.
 */
export const staffTaxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const orderOf = async (orderNo: string) => {
      const rec = await orderByNo(ctx.db, orderNo);
      if (!rec) throw shopErrors.orderNotFound();
      return rec;
    };

    app.get(
      '/v1/orders/:number/tax-invoice',
      {
        config: staff,
        schema: {
          description:
            "The order's tax documents (the invoice in force, a credit note, every document issued)",
          params: orderNumberParam,
          response: { 200: envelopeOf(orderTaxDocumentsSchema) },
        },
      },
      async (request) => envelope(await orderTaxDocuments(ctx, await orderOf(request.params.number))),
    );

    app.post(
      '/v1/orders/:number/tax-invoice',
      {
        config: staff,
        schema: {
          description:
            "A full tax invoice for the order's buyer, issued by the desk: as the buyer's own request (201 issued, 200 the same full invoice in force)",
          params: orderNumberParam,
          body: taxInvoiceRequestBody,
          response: { 200: envelopeOf(orderTaxDocumentsSchema), 201: envelopeOf(orderTaxDocumentsSchema) },
        },
      },
      async (request, reply) => {
        const rec = await orderOf(request.params.number);
        const { created } = await requestFullInvoice(ctx, rec.order.orderNo, request.body, decider(request));
        const code = created ? 201 : 200;
        return reply.code(code).send(envelope(await orderTaxDocuments(ctx, rec), code));
      },
    );

    for (const [file, which] of [
      ['tax-invoice.pdf', 'invoice'],
      ['credit-note.pdf', 'credit_note'],
    ] as const) {
      const description =
        which === 'invoice'
          ? "The order's tax invoice in force, a PDF (Thai, or English with lang=en)"
          : "The order's credit note, a PDF (Thai, or English with lang=en)";
      app.get(
        `/v1/orders/:number/${file}`,
        {
          config: staff,
          schema: {
            params: orderNumberParam,
            querystring: taxPdfQuery,
            description,
            produces: ['application/pdf'],
            response: { 200: fileAnswer(['application/pdf'], description) },
          },
        },
        async (request, reply) =>
          sendPdf(
            reply,
            await taxDocumentPdf(ctx, await orderOf(request.params.number), which, request.query.lang),
          ),
      );
    }

    app.get(
      '/v1/reports/sales-tax.csv',
      {
        config: staff,
        schema: {
          querystring: salesTaxReportQuery,
          description:
            "The month's sales tax report (รายงานภาษีขาย) as CSV: one line per tax document dated in the month (date, number, kind, order_no, buyer_name, buyer_tax_id, buyer_branch, value, vat, total, counted, note); credit notes negative; the counted lines add up to the month's paid orders less its refunds",
          produces: ['text/csv'],
          response: { 200: fileAnswer(['text/csv'], "The month's sales tax report") },
        },
      },
      async (request, reply) => {
        const file = await salesTaxCsv(ctx, request.query.month);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );

    app.get(
      '/v1/reports/sales-tax.xlsx',
      {
        config: staff,
        schema: {
          querystring: salesTaxReportQuery,
          description:
            "The month's sales tax report (รายงานภาษีขาย) as an XLSX workbook: the form's heading, one row per tax document, the totals of the rows counted",
          produces: [XLSX],
          response: { 200: fileAnswer([XLSX], "The month's sales tax report") },
        },
      },
      async (request, reply) => {
        const file = await salesTaxXlsx(ctx, request.query.month);
        return reply
          .type(XLSX)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  };
