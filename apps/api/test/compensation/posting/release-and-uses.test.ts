import { describe, expect, it } from 'vitest';
import { checkRelease, dueRelease, releaseVolume } from '../../../src/compensation/posting/release';
import { checkFirstUse, lvpAdjustment, lvpUse, pointUse } from '../../../src/compensation/posting/uses';

/** Hold releases (plan 5.1) and uses of LVP and points (2.3, 5.2, 13), without a database. */
const ON = '2025-03-10';
const lot = {
  id: 4,
  member_id: 1,
  order_id: 10,
  pv_total: 800,
  released: 300,
  canceled_date: null,
  repurchase: true,
};

describe('plan 5.1: a release from a hold lot', () => {
  it('takes 1 to the remaining PV of a standing lot', () => {
    expect(() => checkRelease(lot, 500, false, false)).not.toThrow();
    for (const pv of [0, 501, 1.5])
      expect(() => checkRelease(lot, pv, false, false)).toThrow(
        'hold lot 4: a release must be between 1 and 500 PV',
      );
    expect(() => checkRelease({ ...lot, canceled_date: '2025-03-09' }, 1, false, false)).toThrow(
      'hold lot 4: its order was canceled',
    );
  });

  it('is refused to a suspended member by hand, but the automatic release at the deadline happens (13)', () => {
    expect(() => checkRelease(lot, 100, true, false)).toThrow('a suspended member cannot release points');
    expect(() => checkRelease(lot, 100, true, true)).not.toThrow();
  });

  it('to SELF is personal PV flowing up (repurchase PV for MTA_MIN_PV); to a side counts in the own leg only', () => {
    expect(releaseVolume(lot, 9, 200, 'SELF', ON)).toEqual({
      key: 'release:9',
      memberId: 1,
      date: ON,
      pv: 200,
      personal: true,
      flowsUp: true,
      ownSide: null,
      repurchase: true,
      kind: 'RELEASE',
      source: 'release:9',
      orderId: 10,
    });
    expect(releaseVolume(lot, 9, 200, 'RIGHT', ON)).toMatchObject({
      personal: false,
      flowsUp: true,
      ownSide: 'right',
      repurchase: false,
    });
    expect(releaseVolume({ ...lot, repurchase: false }, 9, 200, 'SELF', ON).repurchase).toBe(false);
  });

  it('at the deadline sends what is left to SELF, and nothing when nothing is left', () => {
    expect(dueRelease(500)).toEqual({ pv: 500, target: 'SELF' });
    expect(dueRelease(0)).toBeNull();
  });
});

describe('plan 2.3, 5.2: LVP and points as part payment', () => {
  it('spends whole LVP up to the balance', () => {
    expect(lvpUse(1, 30, 30, 'SO-10', ON, 10)).toEqual({
      key: 'use:SO-10',
      memberId: 1,
      type: 'DECREASE',
      points: -30,
      remark: 'use in order SO-10',
      date: ON,
      orderId: 10,
    });
    for (const points of [31, 0, 2.5])
      expect(() => lvpUse(1, points, 30, 'SO-10', ON, 10)).toThrow(
        `LVP of order SO-10: ${points} is more than the balance 30`,
      );
  });

  it('spends points up to the balance, to the satang', () => {
    expect(pointUse(1, 1250n, 1250n, 'SO-10', ON, null)).toMatchObject({
      kind: 'USE',
      points: -1250n,
      key: 'use:SO-10',
    });
    expect(() => pointUse(1, 1251n, 1250n, 'SO-10', ON, null)).toThrow(
      'points of order SO-10: 12.51 is more than the balance 12.50',
    );
    expect(() => pointUse(1, 0n, 1250n, 'SO-10', ON, null)).toThrow();
  });

  it('pays an order with LVP once and with points once (13)', () => {
    expect(() => checkFirstUse(false, 'SO-10', 'LVP')).not.toThrow();
    expect(() => checkFirstUse(true, 'SO-10', 'points')).toThrow(
      'points of order SO-10: the order is paid with points already',
    );
  });

  it('takes a staff adjustment of LVP (OTHER) only with a remark, signed by its author', () => {
    const at = new Date('2025-03-10T03:00:00Z');
    expect(lvpAdjustment(1, -5, 'correction', { date: ON, at }, 42)).toEqual({
      key: `other:${at.getTime()}:1`,
      memberId: 1,
      type: 'OTHER',
      points: -5,
      remark: 'correction',
      date: ON,
      orderId: null,
      createdBy: 42,
    });
    expect(() => lvpAdjustment(1, 5, '  ', { date: ON, at }, 42)).toThrow('an adjustment needs a remark');
  });
});
