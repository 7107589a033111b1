import type { Pool } from 'pg';
import { nightlyBackup } from '../lib/backup-commands';
import type { JobDefinition } from './registry';

/**
 * The nightly backup (README Backups; decision 035): at 02:30 Bangkok time an archive of the database
 * and the uploads into BACKUP_DIR (DATA_DIR/backups), the newest BACKUP_KEEP (7) kept. On with the
 * embedded database (BACKUP_NIGHTLY); a run within 12 hours of a backup that succeeded does nothing,
 * so a retry or a second process changes nothing. Its archives are named by the real time, not the
 * business clock's (a demo's clock may be days ahead).
 */
export const nightlyBackupJob: JobDefinition = {
  name: 'nightly-backup',
  cron: '30 2 * * *',
  expireInSeconds: 2 * 60 * 60,
  retryLimit: 2,
  handler: async ({ ctx }) =>
    nightlyBackup(ctx.config, (ctx.db as unknown as { $client: Pool }).$client, ctx.storage),
};
