import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicCompanySchema, publicPlanSchema, type PublicCompany } from '@portal/contracts/public-info';
import {
  incomeDisclosureQuery,
  incomeDisclosureSchema,
  incomeDisclosureYearsSchema,
} from '@portal/contracts/income-disclosure';
import { envelopeOf } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import { envelope } from '../../../plugins/envelope';
import { disclosureYears, incomeDisclosure } from './income-disclosure-service';
import { loadCompanyInfo, publicPlan } from './service';

const open = { access: 'public' as const };

/**
 * What the public pages read with an application token (decision 019): the plan in force today
 * (/tables, the bonus manual), the company's details and locations (/contact, /maps), and the
 * income disclosure of each closed year (/income_disclosure).
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
      '/public/income-disclosure/years',
      { config: open, schema: { response: { 200: envelopeOf(incomeDisclosureYearsSchema) } } },
      async () => envelope(await disclosureYears(ctx)),
    );

    app.get(
      '/public/income-disclosure',
      {
        config: open,
        schema: {
          description:
            'What members earned and bought in a closed year, overall and by title (422 while the year is open)',
          querystring: incomeDisclosureQuery,
          response: { 200: envelopeOf(incomeDisclosureSchema) },
        },
      },
      async (request) => envelope(await incomeDisclosure(ctx, request.query.year)),
    );

    app.get(
      '/public/company',
      { config: open, schema: { response: { 200: envelopeOf(publicCompanySchema) } } },
      async () => envelope(company),
    );
  };
