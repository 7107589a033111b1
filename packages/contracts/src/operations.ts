import { z } from 'zod';

/**
 * GET /staff/v1/backups (decision 035): whether the nightly backup runs here, when the last one
 * succeeded and failed, the archives kept, and a warning once the last success is more than two
 * days old (or backups fail and none has succeeded).
 */
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
export type BackupStatus = z.infer<typeof backupStatusSchema>;
