import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cashbackRowSchema,
  dropshipRowSchema,
  dropshipSummarySchema,
  incomeCurrentSummarySchema,
  incomeSummarySchema,
  incomeTypeSummarySchema,
  mtaRowSchema,
  mtaSummarySchema,
  referrerRowSchema,
} from '@portal/contracts/income-reports';
import { reportListQuery, reportRangeQuery } from '@portal/contracts/reports';
import { envelopeOf, pageOf } from '@portal/contracts/shop';
import type { AppContext } from '../../../../context';
import { userId } from '../../../../plugins/auth';
import { envelope } from '../../../../plugins/envelope';
import {
  cashbackLines,
  dropshipLines,
  dropshipSummary,
  incomeCurrentSummary,
  incomeSummary,
  mtaLines,
  mtaSummary,
  referrerLines,
  typeSummary,
} from './service';

const mine = { access: 'user' as const };
const summary = <T extends Parameters<typeof envelopeOf>[0]>(data: T) => ({
  querystring: reportRangeQuery,
  response: { 200: envelopeOf(data) },
});
const list = <T extends Parameters<typeof pageOf>[0]>(item: T) => ({
  querystring: reportListQuery,
  response: { 200: envelopeOf(pageOf(item)) },
});

/** The income reports: all types and this week's, then MTA, referrer, cashback and dropship. */
export const incomeReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/report/income_summary',
      { config: mine, schema: summary(incomeSummarySchema) },
      async (request) => envelope(await incomeSummary(ctx.db, userId(request), request.query)),
    );
    app.get(
      '/report/income_current_summary',
      { config: mine, schema: { response: { 200: envelopeOf(incomeCurrentSummarySchema) } } },
      async (request) => envelope(await incomeCurrentSummary(ctx.db, ctx.config, userId(request))),
    );
    app.get('/report/mta_summary', { config: mine, schema: summary(mtaSummarySchema) }, async (request) =>
      envelope(await mtaSummary(ctx.db, userId(request), request.query)),
    );
    app.get('/report/mta_transaction', { config: mine, schema: list(mtaRowSchema) }, async (request) =>
      envelope(await mtaLines(ctx.db, userId(request), request.query)),
    );
    app.get(
      '/report/referrer_summary',
      { config: mine, schema: summary(incomeTypeSummarySchema) },
      async (request) => envelope(await typeSummary(ctx.db, userId(request), 'REFERRER', request.query)),
    );
    app.get(
      '/report/referrer_transaction',
      { config: mine, schema: list(referrerRowSchema) },
      async (request) => envelope(await referrerLines(ctx.db, userId(request), request.query)),
    );
    app.get(
      '/report/cashback_summary',
      { config: mine, schema: summary(incomeTypeSummarySchema) },
      async (request) => envelope(await typeSummary(ctx.db, userId(request), 'CASHBACK', request.query)),
    );
    app.get('/report/cashback_list', { config: mine, schema: list(cashbackRowSchema) }, async (request) =>
      envelope(await cashbackLines(ctx.db, userId(request), request.query)),
    );
    app.get(
      '/report/dropship_income_list',
      { config: mine, schema: list(dropshipRowSchema) },
      async (request) => envelope(await dropshipLines(ctx.db, userId(request), request.query)),
    );
    app.get(
      '/report/dropship_income_summary',
      { config: mine, schema: summary(dropshipSummarySchema) },
      async (request) => envelope(await dropshipSummary(ctx.db, userId(request), request.query)),
    );
  };
