import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n/i18n';
import { kycReasonText } from './kyc-reason';

beforeAll(async () => {
  initI18n('th');
  await import('../../lib/i18n/profile-namespace');
});

const profile = (lang: 'th' | 'en') => i18n.getFixedT(lang, 'profile');

describe("why a KYC part was rejected, in the reader's language", () => {
  it('when the reason is from the list then it is Thai in Thai and English in English, the note after it', () => {
    const r = {
      reason: 'The document has expired — 31/12/2568',
      reason_key: 'expired' as const,
      reason_note: '31/12/2568',
    };
    expect(kycReasonText(profile('th'), r)).toBe('เอกสารหมดอายุแล้ว — 31/12/2568');
    expect(kycReasonText(profile('en'), r)).toBe('The document has expired — 31/12/2568');
    expect(
      kycReasonText(profile('th'), {
        reason: 'The photo is blurred or cut off',
        reason_key: 'unreadable',
        reason_note: null,
      }),
    ).toBe('ภาพไม่ชัดหรือถูกตัดขอบ');
  });

  it('when the reason was written in full, or its key is unknown here, then it is shown as written; none is null', () => {
    const own = { reason: 'เลขบัญชีอ่านไม่ออก', reason_key: null, reason_note: null };
    expect(kycReasonText(profile('en'), own)).toBe('เลขบัญชีอ่านไม่ออก');
    expect(kycReasonText(profile('th'), { reason: 'Lost', reason_key: 'lost' as 'expired' })).toBe('Lost');
    expect(kycReasonText(profile('th'), { reason: null })).toBeNull();
  });
});
