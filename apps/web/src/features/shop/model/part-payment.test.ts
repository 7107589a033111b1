import { describe, expect, it } from 'vitest';
import { checkPartPayment } from './part-payment';

const balances = { lvpBalance: 40, pointBalance: '25.50' };

describe('part payment from LVP and the point balance', () => {
  it('when the fields are empty then nothing is spent', () => {
    expect(checkPartPayment({ lvp: '', points: ' ', ...balances })).toEqual({
      use_lvp: 0,
      use_points: '0',
      errors: {},
    });
  });

  it('when the amounts are within the balances then they are sent as typed', () => {
    expect(checkPartPayment({ lvp: '40', points: '25.5', ...balances })).toEqual({
      use_lvp: 40,
      use_points: '25.5',
      errors: {},
    });
  });

  it('when an amount is one satang or one LVP over the balance then it is refused', () => {
    expect(checkPartPayment({ lvp: '41', points: '25.51', ...balances }).errors).toEqual({
      lvp: 'over',
      points: 'over',
    });
  });

  it('when an amount is not a plain number then it is refused as a format error', () => {
    for (const bad of ['-1', '1e3', '12.345', 'abc', '0x10'])
      expect(checkPartPayment({ lvp: bad, points: bad, ...balances }).errors).toEqual({
        lvp: 'format',
        points: 'format',
      });
    expect(checkPartPayment({ lvp: '1.5', points: '1', ...balances }).errors).toEqual({ lvp: 'format' });
  });

  it('when a balance is negative then any spending from it is blocked', () => {
    const r = checkPartPayment({ lvp: '1', points: '0.01', lvpBalance: -20, pointBalance: '-3.00' });
    expect(r.errors).toEqual({ lvp: 'blocked', points: 'blocked' });
    expect(
      checkPartPayment({ lvp: '0', points: '0', lvpBalance: -20, pointBalance: '-3.00' }).errors,
    ).toEqual({});
  });
});
