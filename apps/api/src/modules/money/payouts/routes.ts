import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer } from '../../../plugins/responses';
import type { FastifyReply } from 'fastify';
import {
  payoutDateParam,
  payoutDetailSchema,
  payoutHeldSchema,
  payoutListQuery,
  payoutMembersQuery,
  payoutPaidSchema,
  payoutRunSchema,
} from '@portal/contracts/engine';
import { pageAnswer } from '@portal/contracts/envelope';
import { envelopeOf, pageOf } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { notFound } from '../../../lib/errors';
import { envelope } from '../../../plugins/envelope';
import { heldPage, listPayoutRuns, paidPage, payoutRunOn } from './repository';
import { heldFile, transferFile, whtFile, type CsvFile } from './service';

const staff = { access: 'staff' as const };

const page = <T>(items: T[], total: number, q: { page: number; per_page: number }) =>
  envelope(pageAnswer(items, total, q));

const sendCsv = (reply: FastifyReply, file: CsvFile) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);

/**
 * Payout runs (/staff/v1/payouts, plan 6): the weekly runs with their totals, the members each paid
 * (gross, WHT, point part, net, bank) and held back (and why), the bank transfer file, the WHT list and
 * the held list.
 */
export const staffPayoutRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/payouts',
      {
        config: staff,
        schema: { querystring: payoutListQuery, response: { 200: envelopeOf(pageOf(payoutRunSchema)) } },
      },
      async (request) => {
        const { items, total } = await listPayoutRuns(ctx.db, request.query);
        return page(items, total, request.query);
      },
    );

    app.get(
      '/v1/payouts/:date',
      {
        config: staff,
        schema: { params: payoutDateParam, response: { 200: envelopeOf(payoutDetailSchema) } },
      },
      async (request) => {
        const run = await payoutRunOn(ctx.db, request.params.date);
        if (!run) throw notFound();
        return envelope(run);
      },
    );

    app.get(
      '/v1/payouts/:date/paid',
      {
        config: staff,
        schema: {
          params: payoutDateParam,
          querystring: payoutMembersQuery,
          response: { 200: envelopeOf(pageOf(payoutPaidSchema)) },
        },
      },
      async (request) => {
        const { items, total } = await paidPage(ctx.db, request.params.date, request.query);
        return page(items, total, request.query);
      },
    );

    app.get(
      '/v1/payouts/:date/held',
      {
        config: staff,
        schema: {
          params: payoutDateParam,
          querystring: payoutMembersQuery,
          response: { 200: envelopeOf(pageOf(payoutHeldSchema)) },
        },
      },
      async (request) => {
        const { items, total } = await heldPage(ctx.db, request.params.date, request.query);
        return page(items, total, request.query);
      },
    );

    app.get(
      '/v1/payouts/:date/transfer.csv',
      {
        config: staff,
        schema: {
          params: payoutDateParam,
          description: 'The bank transfer file (CSV): bank_code, account_no, account_name, amount',
          produces: ['text/csv'],
          response: { 200: fileAnswer(['text/csv'], 'The bank transfer file') },
        },
      },
      async (request, reply) => sendCsv(reply, await transferFile(ctx.db, request.params.date)),
    );

    app.get(
      '/v1/payouts/:date/wht.csv',
      {
        config: staff,
        schema: {
          params: payoutDateParam,
          description: 'The WHT list (CSV): member_code, name, identity_number, gross, wht',
          produces: ['text/csv'],
          response: { 200: fileAnswer(['text/csv'], 'The withholding-tax list') },
        },
      },
      async (request, reply) => sendCsv(reply, await whtFile(ctx.db, request.params.date)),
    );

    app.get(
      '/v1/payouts/:date/held.csv',
      {
        config: staff,
        schema: {
          params: payoutDateParam,
          description:
            'The members held back (CSV): member_code, name, gross, reason (NOT_PAYABLE, NO_BANK_ACCOUNT, NOTHING_TO_PAY, BELOW_MINIMUM)',
          produces: ['text/csv'],
          response: { 200: fileAnswer(['text/csv'], 'The members the run held back') },
        },
      },
      async (request, reply) => sendCsv(reply, await heldFile(ctx.db, request.params.date)),
    );
  };
