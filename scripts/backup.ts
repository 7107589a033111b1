// `npm run backup [-- --out FILE]`: one archive (.tar.gz) of the portal's database and uploaded files
// (apps/api/src/lib/backup.ts; README Backups). Without --out it goes to BACKUP_DIR (DATA_DIR/backups)
// and the newest BACKUP_KEEP there are kept. Works while the portal runs (one consistent snapshot)
// and while it is stopped; with DATA_DIR's embedded database, DATABASE_URL, the local disk or STORAGE_URL.
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config';
import { backupCommand } from '../apps/api/src/lib/backup-commands';

const { values } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: false });
try {
  const result = await backupCommand(loadConfig(), { out: values.out, log: (line) => console.error(line) });
  const m = result.manifest;
  const rows = m.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Backup written: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MiB, ${result.seconds.toFixed(1)} s)\n` +
      `  ${m.tables.length} tables, ${rows} rows; ${m.uploads?.count ?? 0} uploaded files; ${m.migrations.length} migrations` +
      (result.removed.length ? `\n  removed older backups: ${result.removed.join(', ')}` : ''),
  );
} catch (err) {
  console.error(`\nThe backup failed: ${(err as Error).message}\n`);
  process.exit(1);
}
