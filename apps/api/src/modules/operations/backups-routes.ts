import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@portal/contracts/shop';
import type { AppContext } from '../../context';
import { backupStatus } from '../../lib/backup';
import { envelope } from '../../plugins/envelope';

const staff = { access: 'staff' as const };

export const backupStatusSchema = z.object({
  /** Whether the nightly job takes backups here (BACKUP_NIGHTLY; on with the embedded database). */
  nightly: z.boolean(),
  keep: z.number().int(),
  last_success: z.object({ at: z.string(), file: z.string(), bytes: z.number().int() }).nullable(),
  last_failure: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** The archives kept in BACKUP_DIR, newest first (file names). */
  archives: z.array(z.string()),
  /** Set when the last success is more than two days old, or backups fail and none succeeded. */
  warning: z.string().nullable(),
});

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
