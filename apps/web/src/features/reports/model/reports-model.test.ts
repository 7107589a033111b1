import { describe, expect, it } from 'vitest';
import { lastWeeks } from './catalog';
import type { ReportColumn } from './columns';
import { buildCsv, csvCell, exportFileName } from './csv';
import { addDays, isBusinessDate, monthOf, parseView, presetRange, viewSearch } from './query';
import { bangkokToday } from './today';
import { xlsxValue } from './xlsx';

const TODAY = '2026-11-23';
const view = (search: string) => parseView(new URLSearchParams(search), TODAY);

describe('the report view in the address', () => {
  it('defaults to the business month of today, page 1', () => {
    expect(view('')).toEqual({ from: '2026-11-01', to: '2026-11-30', page: 1 });
    expect(monthOf('2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('reads a range and a page, and writes them back the same way (a link reproduces the view)', () => {
    const v = view('from=2026-08-25&to=2026-11-23&page=3');
    expect(v).toEqual({ from: '2026-08-25', to: '2026-11-23', page: 3 });
    expect(viewSearch(v).toString()).toBe('from=2026-08-25&to=2026-11-23&page=3');
    expect(viewSearch({ ...v, page: 1 }).toString()).toBe('from=2026-08-25&to=2026-11-23');
  });

  it('puts a reversed range in order and ignores dates that are not dates', () => {
    expect(view('from=2026-11-20&to=2026-11-01')).toMatchObject({ from: '2026-11-01', to: '2026-11-20' });
    expect(view('from=2026-02-30&to=2026-11-10')).toMatchObject({ from: '2026-11-01', to: '2026-11-10' });
    expect(view('from=2026-10-05')).toMatchObject({ from: '2026-10-05', to: '2026-10-05' });
    expect(view('to=2026-09-01')).toMatchObject({ from: '2026-09-01', to: '2026-09-01' });
    expect(isBusinessDate('2026-13-01')).toBe(false);
    expect(isBusinessDate('2026-1-01')).toBe(false);
    // Outside the range the API takes (1900-01-01 .. 2200-12-31): the month of today instead of a 422.
    for (const d of ['0000-01-01', '0100-03-01', '1899-12-31', '2201-01-01', '9999-12-31'])
      expect(isBusinessDate(d), d).toBe(false);
    expect(isBusinessDate('1900-01-01') && isBusinessDate('2200-12-31')).toBe(true);
    expect(view('from=0000-01-01&to=0000-01-31')).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('reads a page that is not a whole number from 1 as page 1 and caps it at the API limit', () => {
    for (const p of ['0', '-2', '1.5', 'abc', '', '1e3']) expect(view(`page=${p}`).page, p).toBe(1);
    expect(view('page=999999').page).toBe(100_000);
  });

  it('offers presets in business dates', () => {
    expect(presetRange('thisMonth', TODAY)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetRange('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('last90', TODAY)).toEqual({ from: '2026-08-26', to: TODAY });
    expect(presetRange('thisYear', TODAY)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it("knows Bangkok's day across the UTC midnight", () => {
    expect(bangkokToday(new Date('2026-11-22T17:30:00Z'))).toBe('2026-11-23');
    expect(bangkokToday(new Date('2026-11-22T16:59:00Z'))).toBe('2026-11-22');
  });

  it('lists Monday-to-Sunday weeks up to the week of today, oldest first', () => {
    expect(lastWeeks('2026-11-23', 2)).toEqual([
      { from: '2026-11-16', to: '2026-11-22' },
      { from: '2026-11-23', to: '2026-11-29' },
    ]);
    expect(lastWeeks('2026-11-29', 1)).toEqual([{ from: '2026-11-23', to: '2026-11-29' }]);
  });
});

interface Row {
  date: string;
  name: string;
  amount: string;
  pv: number;
  note: string | null;
}
const columns: ReportColumn<Row>[] = [
  { key: 'date', title: 'Date', kind: 'date', value: (r) => r.date },
  { key: 'name', title: 'ชื่อ', kind: 'text', value: (r) => r.name },
  { key: 'amount', title: 'Amount', kind: 'money', value: (r) => r.amount },
  { key: 'pv', title: 'PV', kind: 'int', value: (r) => r.pv },
  { key: 'note', title: 'Note', kind: 'text', value: (r) => r.note },
];

describe('CSV export', () => {
  it('writes a BOM, the titles and one CRLF line per row, money as the decimal text sent', () => {
    const csv = buildCsv(columns, [
      { date: '2026-11-01', name: 'สมชาย ใจดี', amount: '1234567.89', pv: 500, note: null },
      { date: '2026-11-02', name: 'Lee, "Ann"', amount: '-0.10', pv: -55, note: 'two\nlines' },
    ]);
    expect(csv).toBe(
      '\uFEFFDate,ชื่อ,Amount,PV,Note\r\n' +
        '2026-11-01,สมชาย ใจดี,1234567.89,500,\r\n' +
        '2026-11-02,"Lee, ""Ann""",-0.10,-55,"two\nlines"\r\n',
    );
  });

  it('keeps a spreadsheet from running a cell as a formula, but not a negative amount', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-0.10')).toBe('-0.10');
    expect(csvCell(true)).toBe('true');
    expect(exportFileName('cycle_bonus', '2026-11-01', '2026-11-30', 'xlsx')).toBe(
      'cycle_bonus_2026-11-01_2026-11-30.xlsx',
    );
  });
});

describe('XLSX cells', () => {
  it('writes money and counts as numbers read from their text, dates and names as text', () => {
    expect(xlsxValue('money', '1234.50')).toBe(1234.5);
    expect(xlsxValue('int', -55)).toBe(-55);
    expect(xlsxValue('percent', '0.14')).toBe(0.14);
    expect(xlsxValue('date', '2026-11-01')).toBe('2026-11-01');
    expect(xlsxValue('money', null)).toBeNull();
    expect(xlsxValue('money', 'n/a')).toBe('n/a');
  });
});
