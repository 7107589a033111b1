import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { incomeDisclosureQuery } from '@portal/contracts/income-disclosure';
import type { AppContext } from '../../../context';
import { fileAnswer } from '../../../plugins/responses';
import { incomeDisclosureFile } from './staff-service';

const staff = { access: 'staff' as const };

/** Reports staff download (/staff/v1/reports): the income disclosure of a closed year as CSV. */
export const staffReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/reports/income-disclosure.csv',
      {
        config: staff,
        schema: {
          querystring: incomeDisclosureQuery,
          description:
            'The income disclosure of a closed year (CSV): one row for all members counted, then one per title',
          produces: ['text/csv'],
          response: { 200: fileAnswer(['text/csv'], 'The income disclosure') },
        },
      },
      async (request, reply) => {
        const file = await incomeDisclosureFile(ctx, request.query.year);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  };
