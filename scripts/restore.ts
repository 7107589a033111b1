// `npm run restore -- FILE [--replace]`: brings a stopped portal back from an archive of `npm run
// backup` (apps/api/src/lib/backup-commands.ts says how; README Backups). Into DATA_DIR, which may be
// empty or wiped; what was there is kept in DATA_DIR/before-restore-<time>/. With DATABASE_URL its
// database must be empty, or --replace drops the portal's tables first.
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config';
import { restoreCommand } from '../apps/api/src/lib/backup-commands';

const { values, positionals } = parseArgs({
  options: { replace: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- FILE [--replace]');
  process.exit(2);
}
try {
  const report = await restoreCommand(loadConfig(), {
    file: positionals[0]!,
    replace: values.replace,
    log: (line) => console.error(line),
  });
  console.log(
    `Restored ${report.tables} tables (${report.rows} rows) and ${report.uploads} uploaded files in ${report.seconds.toFixed(1)} s.` +
      (report.setAside.length
        ? `\n  What was there before is kept: ${report.setAside.join(', ')}` +
          '\n  Delete it once the restored portal is checked.'
        : '') +
      '\n  Start the portal (npm start).',
  );
} catch (err) {
  console.error(`\nThe restore failed: ${(err as Error).message}\n`);
  process.exit(1);
}
