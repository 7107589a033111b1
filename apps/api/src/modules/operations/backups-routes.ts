import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@portal/contracts/envelope';
import { backupStatusSchema } from '@portal/contracts/operations';
import type { AppContext } from '../../context';
import { backupStatus } from '../../lib/backup';
import { envelope } from '../../plugins/envelope';

const staff = { access: 'staff' as const };

/**
 * The backups (/staff/v1/backups; decision 035): when the last one succeeded, the last failure, the
 * archives kept, and the warning once the last success is more than two days old.
 */
export const staffBackupRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/v1/backups',
      { config: staff, schema: { response: { 200: envelopeOf(backupStatusSchema) } } },
      async () => {
        const s = backupStatus(ctx.config);
        return envelope({
          nightly: s.nightly,
          keep: s.keep,
          last_success: s.lastSuccess,
          last_failure: s.lastFailure,
          archives: s.archives,
          warning: s.warning,
        });
      },
    );
  };
