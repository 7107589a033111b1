import type { BackupStatus } from '@portal/contracts/operations';
import { describe, expect, it } from 'vitest';
import { backupHealth, sizeText } from './backup-health';

const base: BackupStatus = {
  nightly: true,
  keep: 7,
  last_success: null,
  last_failure: null,
  archives: [],
  warning: null,
};
const success = { at: '2026-11-25T19:30:02.000Z', file: 'portal-2026-11-26.tar.gz', bytes: 1_153_024 };
const failure = { at: '2026-11-24T19:30:00.000Z', message: 'disk full' };

describe('backupHealth', () => {
  it('when the last backup succeeded and nothing is wrong then it is ok', () => {
    expect(backupHealth({ ...base, last_success: success })).toBe('ok');
  });
  it('when the server warns and a backup once succeeded then the last success is too old', () => {
    expect(backupHealth({ ...base, last_success: success, warning: 'more than two days ago' })).toBe('stale');
  });
  it('when the server warns and no backup ever succeeded then backups are failing', () => {
    expect(backupHealth({ ...base, last_failure: failure, warning: 'no backup has succeeded yet' })).toBe(
      'failing',
    );
  });
  it('when nothing has run yet then the nightly one is still to come, or backups are taken elsewhere', () => {
    expect(backupHealth(base)).toBe('none');
    expect(backupHealth({ ...base, nightly: false })).toBe('off');
  });
});

describe('sizeText', () => {
  it('when sizes are large or small then they read in decimal units with one decimal at most', () => {
    expect(sizeText(1_153_024, 'en')).toBe('1.2 MB');
    expect(sizeText(640_000, 'en')).toBe('640 kB');
    expect(sizeText(312, 'en')).toBe('312 B');
    expect(sizeText(1_153_024, 'th')).toMatch(/^1\.2 /);
  });
});
