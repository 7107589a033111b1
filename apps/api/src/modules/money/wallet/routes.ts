import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, pageOf } from '@portal/contracts/envelope';
import {
  walletLineSchema,
  walletListQuery,
  walletPayoutSchema,
  walletSchema,
} from '@portal/contracts/wallet';
import type { AppContext } from '../../../context';
import { userId } from '../../../plugins/auth';
import { envelope } from '../../../plugins/envelope';
import { walletLines, walletOf, walletPayouts } from './service';

// A suspended member reads their wallet too (why nothing is paid out: issue 18, item 3).
const mine = { access: 'user' as const, suspended: 'allow' as const };

/** The signed-in member's wallet: its figures, its payouts and its income lines (issue 18). */
export const walletRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/wallet',
      {
        config: mine,
        schema: {
          description: 'Income waiting and paid, and what the next payout run would pay or why it would not',
          response: { 200: envelopeOf(walletSchema) },
        },
      },
      async (request) => envelope(await walletOf(ctx.db, ctx.config, userId(request))),
    );
    app.get(
      '/wallet/payouts',
      {
        config: mine,
        schema: {
          description: 'Every payout that paid the member, newest first, with the account it went to',
          querystring: walletListQuery,
          response: { 200: envelopeOf(pageOf(walletPayoutSchema)) },
        },
      },
      async (request) => envelope(await walletPayouts(ctx.db, userId(request), request.query)),
    );
    app.get(
      '/wallet/income_lines',
      {
        config: mine,
        schema: {
          description: 'Every income line of the member, newest first, with its order and report',
          querystring: walletListQuery,
          response: { 200: envelopeOf(pageOf(walletLineSchema)) },
        },
      },
      async (request) => envelope(await walletLines(ctx.db, userId(request), request.query)),
    );
  };
