import { describe, expect, it } from 'vitest';
import { lvpTakenBack, usesRefunded } from '../../src/compensation/posting/cancellation';
import { repurchaseLvp } from '../../src/compensation/posting/payment';
import { lvpAdjustment, lvpUse, pointUse } from '../../src/compensation/posting/uses';
import { REMARK, remarkFields } from '../../src/compensation/remarks';
import { anOrder } from './posting/orders';

/**
 * Every remark the engine writes on the LVP and point ledgers (plan 2.3, 5.2) reads back as a message
 * key with its parameters, from the very rows the engine's posting functions make; the plan's text
 * itself is unchanged. A staff adjustment (OTHER) keeps its author's words and has no key.
 */
const ORDER = anOrder({ id: 7, order_no: 'H001181', lvp_total: 12, payment_status: 'paid', status: 'paid' });
const DATE = '2026-11-24';

describe('ledger remarks as message keys', () => {
  it('when the engine writes each kind of LVP row then its remark reads back as its key and order number', () => {
    const rows = [
      ...repurchaseLvp(ORDER, DATE),
      lvpUse(1, 5, 20, 'H001181', DATE, 7),
      ...lvpTakenBack(ORDER, DATE),
      ...usesRefunded(ORDER, { lvp: [{ member_id: 1, points: -5 }], points: [] }, DATE).lvp,
    ];
    expect(rows.map((r) => [r.type, r.remark, remarkFields(r.remark, r.type)])).toEqual([
      ['INCREASE', 'order H001181', { remark_key: 'order', remark_params: { order: 'H001181' } }],
      [
        'DECREASE',
        'use in order H001181',
        { remark_key: 'use_in_order', remark_params: { order: 'H001181' } },
      ],
      [
        'DECREASE',
        'cancel order H001181',
        { remark_key: 'cancel_order', remark_params: { order: 'H001181' } },
      ],
      [
        'INCREASE',
        'refund LVP order H001181',
        { remark_key: 'refund_lvp_order', remark_params: { order: 'H001181' } },
      ],
    ]);
  });

  it('when the engine writes each kind of point row then its remark reads back as its key and parameter', () => {
    const rows = [
      pointUse(1, 200n, 1000n, 'H001181', DATE, 7),
      ...usesRefunded(ORDER, { lvp: [], points: [{ member_id: 1, points: '-2.00' }] }, DATE).points,
    ];
    expect(rows.map((r) => [r.kind, r.remark, remarkFields(r.remark, r.kind)])).toEqual([
      ['USE', 'use in order H001181', { remark_key: 'use_in_order', remark_params: { order: 'H001181' } }],
      ['REFUND', 'refund order H001181', { remark_key: 'refund_order', remark_params: { order: 'H001181' } }],
    ]);
    // The closing writes its CYCLE rows in SQL as 'cycle bonus ' || closing_date::text (closing.ts).
    expect(REMARK.cycleBonus(DATE)).toBe('cycle bonus 2026-11-24');
    expect(remarkFields('cycle bonus 2026-11-24', 'CYCLE')).toEqual({
      remark_key: 'cycle_bonus',
      remark_params: { date: '2026-11-24' },
    });
  });

  it("when a staff adjustment's words look like an engine remark then they are still shown as written", () => {
    const row = lvpAdjustment(1, 3, 'order H001181', { date: DATE, at: new Date('2026-11-24T03:00:00Z') }, 9);
    expect(remarkFields(row.remark, row.type)).toEqual({ remark_key: null, remark_params: {} });
    expect(remarkFields('goodwill for a late delivery', 'OTHER')).toEqual({
      remark_key: null,
      remark_params: {},
    });
  });

  it('when a remark is not exactly one the engine writes then it has no key', () => {
    for (const remark of ['order', 'order H1 extra', 'cycle bonus 24/11/2026', 'Refund order H1', ''])
      expect(remarkFields(remark, 'INCREASE')).toEqual({ remark_key: null, remark_params: {} });
  });
});
