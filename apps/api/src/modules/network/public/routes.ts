import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicCompanySchema, publicPlanSchema, type PublicCompany } from '@portal/contracts/public-info';
import { envelopeOf } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { envelope } from '../../../plugins/envelope';
import { loadCompanyInfo, publicPlan } from './service';

const open = { access: 'public' as const };

/**
 * What the public pages read with an application token (decision 019): the plan in force today
 * (/tables, the bonus manual) and the company's details and locations (/contact, /maps).
 */
export const publicInfoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const company: PublicCompany = {
      ...loadCompanyInfo(ctx.config.companyFile),
      kyc_deadline: {
        pre_pending_days: ctx.config.kyc.prePendingDays,
        pending_days: ctx.config.kyc.pendingDays,
      },
    };

    app.get(
      '/public/plan',
      { config: open, schema: { response: { 200: envelopeOf(publicPlanSchema) } } },
      async () => envelope(await publicPlan(ctx)),
    );

    app.get(
      '/public/company',
      { config: open, schema: { response: { 200: envelopeOf(publicCompanySchema) } } },
      async () => envelope(company),
    );
  };
