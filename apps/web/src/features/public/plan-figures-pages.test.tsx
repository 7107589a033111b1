// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { PlanParams } from '@portal/contracts/engine';
import type { PublicCompany, PublicPlan } from '@portal/contracts/public-info';
import { DEFAULT_PLAN } from '@portal/plan/params';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n/i18n';
import { stubMatchMedia } from '../../lib/testing/match-media';
import type { ManualView as ManualViewType } from './manuals/manual-page';
import type { TablesView as TablesViewType } from './tables-page';

// The pages register their texts on import, which needs i18next started: imported after initI18n.
let ManualView: typeof ManualViewType;
let TablesView: typeof TablesViewType;

/**
 * Issue 10, section 3: every plan figure /tables and the bonus manuals show is the plan's. The plan
 * here is not the default: packages, rates, titles and payout rules are changed, and the pages must
 * show the changed figures (worked out by hand below) and none of the default ones.
 */
beforeAll(async () => {
  stubMatchMedia();
  initI18n('en');
  ({ ManualView } = await import('./manuals/manual-page'));
  ({ TablesView } = await import('./tables-page'));
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const CHANGED: PlanParams = {
  ...DEFAULT_PLAN,
  PACKAGES: {
    STARTER: DEFAULT_PLAN.PACKAGES.STARTER!,
    SILVER: {
      price: '5500.00',
      pv: 1500,
      cycle_value: 500,
      income_percent: '0.13',
      max_income_per_day: '3200.00',
    },
    GOLD: DEFAULT_PLAN.PACKAGES.GOLD!,
    PLATINUM: DEFAULT_PLAN.PACKAGES.PLATINUM!,
  },
  TITLES: [...DEFAULT_PLAN.TITLES, { code: 'PRESIDENT', cycles: 2000, referrals: 10, mta_depth: 3 }],
  REFERRER_PCT: '0.25',
  MTA_RATE: ['0.12', '0.06'],
  MTA_MIN_PV: 300,
  WHT_RATE: '0.03',
  MIN_PAYOUT: '150.00',
  TRANSFER_FEE: '10.00',
  PAYOUT_WEEKDAY: 5,
  HOLD_RELEASE_DAYS: 21,
};
const plan = (params: PlanParams): PublicPlan => ({
  version: 3,
  effective_from: '2026-11-01',
  business_date: '2026-11-23',
  params,
});
const COMPANY: PublicCompany = {
  name: { th: 'บริษัท ทดสอบ จำกัด', en: 'Test Co., Ltd.' },
  tax_id: '0105566099991',
  branch: '00000',
  address: { th: 'ที่อยู่', en: 'Address' },
  phone: '02-000-0000',
  email: 'help@example.com',
  line: '@test',
  hours: { th: 'ทุกวัน', en: 'Daily' },
  registration: null,
  locations: [],
  kyc_deadline: { pre_pending_days: 30, pending_days: 15 },
};

const wrap = (ui: ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );

/** A table's body as rows of cell texts. */
function cells(testId: string): string[][] {
  const table = screen.getByTestId(testId);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent?.trim() ?? ''));
}

describe('/tables follows the plan', () => {
  it('shows the changed plan’s packages, titles, rates and payout rules, cell by cell', () => {
    wrap(<TablesView plan={plan(CHANGED)} />);
    expect(cells('table-packages')).toEqual([
      ['STARTER', '฿1,500.00', '500', '500', '10%', '฿50.00', '฿500.00', '฿125.00'],
      ['SILVER', '฿5,500.00', '1,500', '500', '13%', '฿65.00', '฿3,200.00', '฿375.00'],
      ['GOLD', '฿15,000.00', '4,500', '500', '14%', '฿70.00', '฿10,000.00', '฿1,125.00'],
      ['PLATINUM', '฿30,000.00', '9,000', '500', '15%', '฿75.00', '฿25,000.00', '฿2,250.00'],
    ]);
    expect(cells('table-titles')).toEqual([
      ['MEMBER', '0', '0', '1'],
      ['SUPERVISOR', '10', '2', '2'],
      ['MANAGER', '100', '4', '3'],
      ['DIRECTOR', '500', '6', '3'],
      ['PRESIDENT', '2,000', '10', '3'],
    ]);
    const rates = cells('table-rates').map((r) => r.slice(0, 2));
    expect(rates).toEqual([
      ['Cycle (binary) bonus', 'Income percent of your package'],
      ['Referrer bonus', '25%'],
      ['Cashback', '5%'],
      ['MTA, generation 1', '12%'],
      ['MTA, generation 2', '6%'],
      ['Point part of the cycle bonus', '10%'],
    ]);
    expect(cells('table-rates')[3]![2]).toContain('300 PV');
    const payout = Object.fromEntries(cells('table-payout').map(([k, v]) => [k, v]));
    expect(payout).toEqual({
      'Payout day': 'Every Friday, for income dated up to the Sunday before',
      'Minimum transfer': '฿150.00',
      'Withholding tax': '3%',
      'Transfer fee': '฿10.00',
      'Staying active': 'Every 200 PV of your own purchases keeps you active 30 more days',
      'Held points': 'Released to yourself automatically after 21 days',
    });
  });

  it('shows the default plan’s figures for the default plan, in Thai too', async () => {
    await i18n.changeLanguage('th');
    wrap(<TablesView plan={plan(DEFAULT_PLAN)} />);
    expect(cells('table-packages')[1]).toEqual([
      'SILVER',
      '฿5,000.00',
      '1,500',
      '500',
      '12%',
      '฿60.00',
      '฿3,000.00',
      '฿300.00',
    ]);
    expect(Object.fromEntries(cells('table-payout').map(([k, v]) => [k, v]))['วันจ่ายเงิน']).toBe(
      'ทุกวันอังคาร สำหรับรายได้ที่ลงวันที่ถึงวันอาทิตย์ก่อนหน้า',
    );
  });
});

describe('the bonus manuals follow the plan', () => {
  it('works the calculation manual’s examples with the changed plan', () => {
    wrap(<ManualView slug="calculation_of_bonusIncome" plan={plan(CHANGED)} company={COMPANY} />);
    expect(screen.getByText(/Referrer bonus: 25% of the PV/)).toBeTruthy();
    expect(screen.getByText(/up to 2 generations/)).toBeTruthy();

    const cycle = screen.getByTestId('example-cycle').textContent!;
    expect(cycle).toContain('a SILVER member (cycle value 500 PV, income 13%)');
    expect(cycle).toContain('1,600 on the left, 1,300 on the right');
    expect(cycle).toContain('2 × 500 PV × ฿1.00 × 13% = ฿130.00');
    expect(cycle).toContain('Within the maximum per day (฿3,200.00)');
    expect(cycle).toContain('10% of ฿130.00 to the point balance: ฿13.00; cash ฿117.00');
    expect(cycle).toContain('600 PV left, 300 PV right');

    const cap = screen.getByTestId('example-cap').textContent!;
    expect(cap).toContain('12 cycles earn ฿600.00');
    expect(cap).toContain('Paid ฿500.00; ฿100.00 lost');

    expect(cells('manual-referrer')).toEqual([
      ['STARTER', '500', '฿125.00'],
      ['SILVER', '1,500', '฿375.00'],
      ['GOLD', '4,500', '฿1,125.00'],
      ['PLATINUM', '9,000', '฿2,250.00'],
    ]);
    expect(screen.getByTestId('example-upgrade').textContent).toContain('8,500 PV × 25% = ฿2,125.00');
    expect(screen.getByTestId('example-cashback').textContent).toContain('800 PV × ฿1.00 × 5% = ฿40.00');
    expect(cells('example-mta')).toEqual([
      ['Generation 1', '12%', '฿120.00', 'MEMBER'],
      ['Generation 2', '6%', '฿60.00', 'SUPERVISOR'],
    ]);
    expect(cells('manual-packages')[1]).toEqual(['SILVER', '500', '13%', '฿65.00', '฿3,200.00']);
    expect(cells('manual-titles')).toHaveLength(5);
    expect(screen.getByTestId('plan-version').textContent).toContain('plan version 3');

    // None of the default plan's own figures is left.
    const text = document.body.textContent!;
    for (const stale of ['฿300.00', '20%', '฿60.00 in points', '฿1,700.00', '฿3,000.00'])
      expect(text).not.toContain(stale);
  });

  it('pays the receiving manual’s example week with the changed rules', () => {
    wrap(<ManualView slug="receiving_bonusIncome" plan={plan(CHANGED)} company={COMPANY} />);
    const payout = screen.getByTestId('example-payout').textContent!;
    // cycle 130.00 + referrer (STARTER) 125.00 + cashback 40.00; WHT 3% of 295.00; 13.00 in points; fee 10.00
    expect(payout).toContain('= ฿295.00');
    expect(payout).toContain('฿295.00 × 3% = ฿8.85');
    expect(payout).toContain('฿295.00 − ฿13.00 − ฿8.85 − fee ฿10.00 = ฿263.15');
    expect(payout).toContain('฿263.15 is at least the minimum ฿150.00');
    expect(screen.getByText(/Income is paid every Friday/)).toBeTruthy();
    expect(screen.getByText(/less than ฿150\.00, nothing is paid/)).toBeTruthy();
  });

  it('says the payout waits when the minimum is above the week’s transfer', () => {
    wrap(
      <ManualView
        slug="receiving_bonusIncome"
        plan={plan({ ...CHANGED, MIN_PAYOUT: '300.00' })}
        company={COMPANY}
      />,
    );
    expect(screen.getByTestId('example-payout').textContent).toContain(
      '฿263.15 is below the minimum ฿300.00: nothing is paid this week',
    );
  });

  it('says how the annualised withholding tax is taken when the plan uses it (WHT_METHOD)', () => {
    const annualised = { ...CHANGED, WHT_METHOD: 'ANNUALISED' as const };
    wrap(<ManualView slug="receiving_bonusIncome" plan={plan(annualised)} company={COMPANY} />);
    const payout = screen.getByTestId('example-payout').textContent!;
    // 295.00 a week is far below the year's taxable income: nothing withheld, 295 − 13 − 10 = 272
    expect(payout).toContain('as for a salary: ฿0.00');
    expect(payout).toContain('฿295.00 − ฿13.00 − ฿0.00 − fee ฿10.00 = ฿272.00');
    expect(payout).not.toContain('× 3%');
    expect(
      screen.getAllByText(/your year's income tax \(projected from your payouts so far/).length,
    ).toBeGreaterThan(0);
    cleanup();
    wrap(<TablesView plan={plan(annualised)} />);
    expect(
      within(screen.getByTestId('table-payout')).getByText(/Income tax of the year projected/),
    ).toBeTruthy();
  });
});
