import { describe, expect, it } from 'vitest';
import {
  asksForUpgrade,
  canceledPaymentStatus,
  checkCancellation,
  lvpTakenBack,
  usesRefunded,
  volumeReversals,
} from '../../../src/compensation/posting/cancellation';
import { anOrder } from './orders';

/** What a cancellation posts (plan 2.3, 2.4, 5.1, 5.2, 13), decided without a database. */
const CANCELED_ON = '2025-03-05';
const paid = { payment_status: 'paid', status: 'paid', paid_date: '2025-03-02' };

describe('plan 2.4: a canceled order is reversed, never edited', () => {
  it('reverses each volume posting of the order on the cancel date, as it was posted (5.1: releases to a side too)', () => {
    const posted = [
      {
        natural_key: 'order:10',
        member_id: 1,
        pv: 800,
        personal: true,
        flows_up: true,
        own_side: null,
        repurchase: true,
        source: 'order:10',
      },
      {
        natural_key: 'release:3',
        member_id: 1,
        pv: 200,
        personal: false,
        flows_up: true,
        own_side: 'left' as const,
        repurchase: false,
        source: 'release:3',
      },
    ];
    expect(volumeReversals(10, posted, CANCELED_ON)).toEqual([
      {
        key: 'reversal:order:10',
        memberId: 1,
        date: CANCELED_ON,
        pv: -800,
        personal: true,
        flowsUp: true,
        ownSide: null,
        repurchase: true,
        kind: 'REVERSAL',
        source: 'order:10',
        orderId: 10,
      },
      expect.objectContaining({ key: 'reversal:release:3', pv: -200, personal: false, ownSide: 'left' }),
    ]);
  });

  it('takes back the LVP a paid repurchase earned (2.3 DECREASE `cancel order {no}`); a package earned none', () => {
    expect(lvpTakenBack(anOrder({ ...paid, lvp_total: 120 }), CANCELED_ON)).toEqual([
      {
        key: 'cancel:10',
        memberId: 1,
        type: 'DECREASE',
        points: -120,
        remark: 'cancel order SO-10',
        date: CANCELED_ON,
        orderId: 10,
      },
    ]);
    expect(lvpTakenBack(anOrder({ ...paid, order_type: 'PACKAGE', lvp_total: 0 }), CANCELED_ON)).toEqual([]);
  });

  it('marks a paid order refunded and leaves an unpaid one’s payment status', () => {
    expect(canceledPaymentStatus(anOrder(paid))).toBe('refunded');
    expect(canceledPaymentStatus(anOrder({ payment_status: 'pending' }))).toBe('pending');
  });
});

describe('plan 2.3, 5.2, 13: what the order used comes back', () => {
  it('returns its LVP and points, paid or not, to whoever spent them, on the cancel date', () => {
    const back = usesRefunded(
      anOrder(),
      { lvp: [{ member_id: 1, points: -50 }], points: [{ member_id: 1, points: '-12.50' }] },
      CANCELED_ON,
    );
    expect(back).toEqual({
      lvp: [
        {
          key: 'refund:10',
          memberId: 1,
          type: 'INCREASE',
          points: 50,
          remark: 'refund LVP order SO-10',
          date: CANCELED_ON,
          orderId: 10,
        },
      ],
      points: [
        {
          key: 'refund:10',
          memberId: 1,
          kind: 'REFUND',
          points: 1250n,
          remark: 'refund order SO-10',
          date: CANCELED_ON,
          orderId: 10,
        },
      ],
    });
    expect(usesRefunded(anOrder(), { lvp: [], points: [] }, CANCELED_ON)).toEqual({ lvp: [], points: [] });
  });
});

describe('plan 13, settled points: a package whose upgrade stands', () => {
  it('cannot be canceled before the upgrade; an unpaid package or another order can', () => {
    const pkg = anOrder({ ...paid, order_type: 'PACKAGE' });
    expect(asksForUpgrade(pkg)).toBe(true);
    expect(() => checkCancellation(pkg, true)).toThrow(
      'order SO-10: cancel the upgrade of this package first',
    );
    expect(() => checkCancellation(pkg, false)).not.toThrow();
    expect(asksForUpgrade(anOrder({ order_type: 'PACKAGE' }))).toBe(false);
    expect(() => checkCancellation(anOrder({ ...paid, order_type: 'UPGRADE' }), true)).not.toThrow();
  });
});
