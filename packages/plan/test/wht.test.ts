import { describe, expect, it } from 'vitest';
import { baht, rate, satang } from '../src/money.ts';
import { personalIncomeTax, taxableIncome, withholdingTax } from '../src/wht.ts';

const five = rate('0.05');
const annualised = (gross: string, runDate: string, before?: { gross: string; wht: string }) =>
  baht(
    withholdingTax({
      method: 'ANNUALISED',
      flatRate: five,
      gross: satang(gross),
      runDate,
      yearSoFar: before && { gross: satang(before.gross), wht: satang(before.wht) },
    }),
  );

describe('personal income tax (Revenue Code section 48(1))', () => {
  it('taxes nothing up to 150,000 and each bracket at its rate above', () => {
    expect(baht(personalIncomeTax(satang('150000.00')))).toBe('0.00');
    expect(baht(personalIncomeTax(satang('300000.00')))).toBe('7500.00');
    expect(baht(personalIncomeTax(satang('500000.00')))).toBe('27500.00');
    expect(baht(personalIncomeTax(satang('750000.00')))).toBe('65000.00');
    expect(baht(personalIncomeTax(satang('1000000.00')))).toBe('115000.00');
    expect(baht(personalIncomeTax(satang('2000000.00')))).toBe('365000.00');
    expect(baht(personalIncomeTax(satang('5000000.00')))).toBe('1265000.00');
    expect(baht(personalIncomeTax(satang('6000000.00')))).toBe('1615000.00');
    // a satang's tax at 5% is half a satang, rounded half-up once at the end
    expect(baht(personalIncomeTax(satang('150000.01')))).toBe('0.00');
    expect(baht(personalIncomeTax(satang('150000.10')))).toBe('0.01');
  });

  it('takes the 50% expense deduction up to 100,000 and the 60,000 allowance', () => {
    expect(baht(taxableIncome(satang('120000.00')))).toBe('0.00');
    expect(baht(taxableIncome(satang('200000.00')))).toBe('40000.00');
    expect(baht(taxableIncome(satang('1200000.00')))).toBe('1040000.00');
  });
});

describe('withholding tax on a payout', () => {
  it('flat: WHT_RATE × gross, rounded half-up; nothing on a gross of 0.00 or less', () => {
    const flat = (gross: string) =>
      baht(withholdingTax({ method: 'FLAT', flatRate: five, gross: satang(gross), runDate: '2025-04-15' }));
    expect(flat('300.00')).toBe('15.00');
    expect(flat('0.10')).toBe('0.01');
    expect(flat('0.00')).toBe('0.00');
    expect(flat('-50.00')).toBe('0.00');
  });

  it('annualised: a member earning 10,000 a month owes no tax, so nothing is withheld', () => {
    expect(annualised('10000.00', '2025-01-28')).toBe('0.00');
    expect(annualised('10000.00', '2025-06-24', { gross: '50000.00', wht: '0.00' })).toBe('0.00');
  });

  it("annualised: 100,000 a month withholds a twelfth of the year's tax each month", () => {
    // 1,200,000 a year − 100,000 expenses − 60,000 allowance = 1,040,000 taxable → 125,000 tax
    expect(annualised('100000.00', '2025-01-28')).toBe('10416.67');
    expect(annualised('100000.00', '2025-02-25', { gross: '100000.00', wht: '10416.67' })).toBe('10416.66');
    // twelve such runs withhold the year's tax exactly
    let before = { gross: 0n, wht: 0n };
    for (let m = 1; m <= 12; m++) {
      const wht = withholdingTax({
        method: 'ANNUALISED',
        flatRate: five,
        gross: satang('100000.00'),
        runDate: `2025-${String(m).padStart(2, '0')}-20`,
        yearSoFar: before,
      });
      before = { gross: before.gross + satang('100000.00'), wht: before.wht + wht };
    }
    expect(baht(before.wht)).toBe('125000.00');
  });

  it('annualised: never below zero after a month that withheld more, never more than the payout', () => {
    // January withheld on a projected 2,400,000; a small payout in December owes nothing more
    expect(annualised('1000.00', '2025-12-30', { gross: '200000.00', wht: '40000.00' })).toBe('0.00');
    // a first payout late in the year is projected to a whole year from its month
    expect(annualised('500000.00', '2025-12-30')).toBe('11500.00');
    expect(annualised('10.00', '2025-01-07', { gross: '0.00', wht: '0.00' })).toBe('0.00');
  });

  it('refuses a run date without a month', () => {
    expect(() => annualised('100.00', '2025-13-01')).toThrow(/business date/);
  });
});
