import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n/i18n';
import { remarkText, type RemarkOf } from './remark-text';

beforeAll(async () => {
  initI18n('th');
  await import('../reports-namespace');
});

const rows: RemarkOf[] = [
  { remark: 'order H001181', remark_key: 'order', remark_params: { order: 'H001181' } },
  { remark: 'use in order H001181', remark_key: 'use_in_order', remark_params: { order: 'H001181' } },
  { remark: 'cancel order H001181', remark_key: 'cancel_order', remark_params: { order: 'H001181' } },
  { remark: 'refund LVP order H001181', remark_key: 'refund_lvp_order', remark_params: { order: 'H001181' } },
  { remark: 'refund order H001181', remark_key: 'refund_order', remark_params: { order: 'H001181' } },
  { remark: 'cycle bonus 2026-11-24', remark_key: 'cycle_bonus', remark_params: { date: '2026-11-24' } },
];
const texts = (lang: 'th' | 'en') => rows.map((r) => remarkText(i18n.getFixedT(lang, 'reports'), lang, r));

describe("a ledger row's remark in the reader's language", () => {
  it('when read in Thai then every remark the engine writes is Thai words with the order number or a Buddhist-era day', () => {
    expect(texts('th')).toEqual([
      'ได้รับจากคำสั่งซื้อ H001181',
      'ใช้ชำระคำสั่งซื้อ H001181',
      'หักคืนเพราะยกเลิกคำสั่งซื้อ H001181',
      'คืน LVP ที่ใช้กับคำสั่งซื้อ H001181 ที่ยกเลิก',
      'คืนคะแนนที่ใช้กับคำสั่งซื้อ H001181 ที่ยกเลิก',
      'โบนัสรอบ ปิดยอดวันที่ 24 พ.ย. 2569',
    ]);
    // Nothing of the plan's English is left: only the order number and the LVP term are Latin.
    for (const text of texts('th')) expect(text.replace(/H001181|LVP/g, '')).not.toMatch(/[A-Za-z]/);
  });

  it('when read in English then the same rows read as English sentences', () => {
    expect(texts('en')).toEqual([
      'Earned on order H001181',
      'Used to pay order H001181',
      'Taken back: order H001181 canceled',
      'LVP returned from canceled order H001181',
      'Points returned from canceled order H001181',
      'Cycle bonus of the closing of 24 Nov 2026',
    ]);
  });

  it('when a remark has no key, or one this portal does not know, then it is shown as the API wrote it', () => {
    const t = i18n.getFixedT('th', 'reports');
    expect(
      remarkText(t, 'th', { remark: 'Goodwill for a late parcel', remark_key: null, remark_params: {} }),
    ).toBe('Goodwill for a late parcel');
    expect(
      remarkText(t, 'th', {
        remark: 'bonus of a new kind',
        remark_key: 'new_kind' as 'order',
        remark_params: {},
      }),
    ).toBe('bonus of a new kind');
    expect(remarkText(t, 'th', { remark: 'order H1' })).toBe('order H1');
  });
});
