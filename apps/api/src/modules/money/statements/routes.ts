import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canceledOrderListQuery,
  canceledOrderRowSchema,
  holdLotDetailSchema,
  holdLotListQuery,
  holdLotParams,
  holdLotRowSchema,
  holdReleaseBody,
  holdReleaseResultSchema,
  monthlyStatementQuery,
  monthlyStatementSchema,
  statementPeriodsSchema,
  yearlyStatementParams,
  yearlyStatementQuery,
  yearlyStatementSchema,
} from '@portal/contracts/statements';
import { envelopeOf, pageOf } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { fileAnswer } from '../../../plugins/responses';
import { listCanceled } from './canceled-service';
import { listLots, lotDetail, releaseLot } from './hold-service';
import { monthlyStatement, statementPeriods, yearlyStatement } from './statement-service';
import { whtCertificate } from './wht-certificate-service';
import { closeWhtRenderer } from './wht-renderer';

// A suspended member is refused every one of these (403 ACCOUNT_SUSPENDED, decision 012; plan 5.1).
const mine = { access: 'user' as const };

/**
 * Hold points (plan 5.1), canceled orders (plan 2.4) and statements of closed periods with the
 * withholding-tax certificate (plan 6): the signed-in member's own rows; another member's lot is 404.
 */
export const statementRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The certificate renderer's worker thread stops with the server.
    app.addHook('onClose', closeWhtRenderer);
    app.get(
      '/hold_point',
      {
        config: mine,
        schema: { querystring: holdLotListQuery, response: { 200: envelopeOf(pageOf(holdLotRowSchema)) } },
      },
      async (request) => envelope(await listLots(ctx, userId(request), request.query)),
    );

    app.get(
      '/hold_point/:lotId',
      { config: mine, schema: { params: holdLotParams, response: { 200: envelopeOf(holdLotDetailSchema) } } },
      async (request) => envelope(await lotDetail(ctx, userId(request), request.params.lotId)),
    );

    app.post(
      '/hold_point/:lotId/release',
      {
        config: mine,
        schema: {
          params: holdLotParams,
          body: holdReleaseBody,
          response: { 200: envelopeOf(holdReleaseResultSchema) },
        },
      },
      async (request) => envelope(await releaseLot(ctx, userId(request), request.params.lotId, request.body)),
    );

    app.get(
      '/report/canceled_order',
      {
        config: mine,
        schema: {
          querystring: canceledOrderListQuery,
          response: { 200: envelopeOf(pageOf(canceledOrderRowSchema)) },
        },
      },
      async (request) => envelope(await listCanceled(ctx.db, userId(request), request.query)),
    );

    app.get(
      '/statement',
      { config: mine, schema: { response: { 200: envelopeOf(statementPeriodsSchema) } } },
      async (request) => envelope(await statementPeriods(ctx, userId(request))),
    );

    app.get(
      '/statement/monthly',
      {
        config: mine,
        schema: { querystring: monthlyStatementQuery, response: { 200: envelopeOf(monthlyStatementSchema) } },
      },
      async (request) => envelope(await monthlyStatement(ctx, userId(request), request.query.month)),
    );

    app.get(
      '/statement/yearly',
      {
        config: mine,
        schema: { querystring: yearlyStatementQuery, response: { 200: envelopeOf(yearlyStatementSchema) } },
      },
      async (request) => envelope(await yearlyStatement(ctx, userId(request), request.query.year)),
    );

    app.get(
      '/statement/yearly/:year/wht.pdf',
      {
        config: mine,
        schema: {
          params: yearlyStatementParams,
          description: 'The withholding-tax certificate (form 50 ทวิ) of the year, a PDF',
          produces: ['application/pdf'],
          response: { 200: fileAnswer(['application/pdf'], "The year's withholding-tax certificate") },
        },
      },
      async (request, reply) => {
        const { pdf, name } = await whtCertificate(ctx, userId(request), request.params.year);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  };
