import { describe, expect, it } from 'vitest';
import {
  badgeLabel,
  cartBadgeCount,
  formatMoney,
  guestCartTotal,
  isSaving,
  lineTotal,
  linesToRemove,
  unavailableText,
} from './cart';

describe('the cart badge', () => {
  it('when the cart has lines then the badge counts their quantities, not the lines', () => {
    expect(cartBadgeCount([{ quantity: 1 }, { quantity: 1 }])).toBe(2);
    expect(cartBadgeCount([{ quantity: 3 }, { quantity: 2 }])).toBe(5);
  });

  it('when the cart is empty or not loaded then the badge shows nothing', () => {
    expect(cartBadgeCount([])).toBe(0);
    expect(cartBadgeCount(undefined)).toBe(0);
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(7)).toBe('7');
    expect(badgeLabel(100)).toBe('99+');
  });
});

describe('money on the shop pages', () => {
  it('when a decimal string is shown then it has two decimals and the grouping of the language', () => {
    expect(formatMoney('1250', 'en')).toBe('฿1,250.00');
    expect(formatMoney('47598.95', 'th')).toBe('฿47,598.95');
    expect(formatMoney('0.1', 'en')).toBe('฿0.10');
  });

  it('when the value is missing or not a number then it is shown as is', () => {
    expect(formatMoney(null, 'en')).toBe('–');
    expect(formatMoney('n/a', 'en')).toBe('฿n/a');
  });

  it('when a value has more digits than a float keeps then it is shown exactly', () => {
    expect(formatMoney('90071992547409.93', 'en')).toBe('฿90,071,992,547,409.93');
  });
});

describe("a guest cart's total", () => {
  it('when lines are summed then the arithmetic is exact in satang (0.1 + 0.2 is 0.30)', () => {
    expect(
      guestCartTotal([
        { price: '0.1', quantity: 1 },
        { price: '0.2', quantity: 1 },
      ]),
    ).toBe('0.30');
    expect(
      guestCartTotal([
        { price: '1190.00', quantity: 3 },
        { price: '45.5', quantity: 2 },
      ]),
    ).toBe('3661.00');
    expect(lineTotal('19.99', 3)).toBe('59.97');
  });

  it('when a price is not a decimal string then there is no total', () => {
    expect(guestCartTotal([{ price: '1e3', quantity: 1 }])).toBeNull();
    expect(guestCartTotal([])).toBe('0.00');
  });
});

describe('a package in the cart (issue 23)', () => {
  const cart = [
    { product_code: 'T1', kind: 'PRODUCT' as const },
    { product_code: 'PKG-GOLD', kind: 'PACKAGE' as const },
    { product_code: 'B1', kind: 'BUNDLE' as const },
  ];

  it('when a package shares the cart then keeping the package removes every other line, and keeping the products removes the package', () => {
    expect(linesToRemove(cart, 'package')).toEqual(['T1', 'B1']);
    expect(linesToRemove(cart, 'products')).toEqual(['PKG-GOLD']);
  });

  it('when the cart does not mix a package with products then nothing is removed', () => {
    expect(linesToRemove([cart[1]!], 'package')).toEqual([]);
    expect(linesToRemove([cart[0]!, cart[2]!], 'products')).toEqual([]);
  });

  it('when the member price equals the retail price (a package) then no saving is shown', () => {
    expect(isSaving('15000.00', '15000.00')).toBe(false);
    expect(isSaving('15000', '15000.00')).toBe(false);
    expect(isSaving('350.00', '490.00')).toBe(true);
    expect(isSaving(null, '490.00')).toBe(false);
  });

  it('when a line cannot be bought then the words say why, not always "not enough stock"', () => {
    expect(unavailableText('not_an_upgrade')).toBe('cart.notAnUpgrade');
    expect(unavailableText('not_sold')).toBe('cart.notSold');
    expect(unavailableText('out_of_stock')).toBe('cart.unavailable');
  });
});
