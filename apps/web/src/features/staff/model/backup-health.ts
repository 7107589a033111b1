import type { BackupStatus } from '@portal/contracts/operations';

/**
 * What the backups page leads with (decision 035): `stale` when the last success is more than two
 * days old, `failing` when backups fail and none has succeeded, `none` when the nightly backup runs
 * here but has not run yet, `off` when backups are taken elsewhere (an external database), `ok`.
 * The server decides the warning (lib/backup.ts); the page says it in the reader's language.
 */
export type BackupHealth = 'ok' | 'stale' | 'failing' | 'none' | 'off';

export function backupHealth(s: BackupStatus): BackupHealth {
  if (s.warning) return s.last_success ? 'stale' : 'failing';
  if (s.last_success) return 'ok';
  return s.nightly ? 'none' : 'off';
}

/** An archive's size: "1.1 MB", "640 kB", "312 B" (decimal units, the reader's digits). */
export function sizeText(bytes: number, lang: string): string {
  const locale = lang === 'th' ? 'th-TH' : 'en-GB';
  if (bytes < 1_000) return `${new Intl.NumberFormat(locale).format(bytes)} B`;
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [bytes / 1_000, 'kilobyte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
