// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../lib/i18n/i18n';
import { stubWindowWidth } from '../lib/testing/match-media';
import { RecordTable, type RecordColumn, type RecordTableProps } from './record-table';

interface Order {
  no: string;
  total: string;
  kind: 'SHOP' | 'PACKAGE';
}

const ORDERS: Order[] = [
  { no: 'SO-1', total: '120.00', kind: 'SHOP' },
  { no: 'SO-2', total: '80.50', kind: 'PACKAGE' },
];

const COLUMNS: RecordColumn<Order>[] = [
  { accessor: 'no', title: 'Number' },
  { accessor: 'total', title: 'Total', textAlign: 'right', render: (o) => `฿${o.total}` },
  { accessor: 'kind', title: 'Kind', card: false },
  { accessor: 'open', title: '', card: 'actions', render: (o) => <button type="button">Open {o.no}</button> },
];

/** What a test sets beyond the table above: a click, cards, paging. */
interface Extra extends Pick<
  RecordTableProps<Order>,
  'onRecordClick' | 'clickable' | 'cardTitle' | 'phoneCards'
> {
  records?: Order[];
  page?: number;
  onPageChange?: (page: number) => void;
  totalRecords?: number;
  recordsPerPage?: number;
}

const show = (extra: Extra = {}) => {
  const props = {
    'data-testid': 'orders',
    idAccessor: 'no',
    records: ORDERS,
    columns: COLUMNS,
    recordAttributes: (o: Order) => ({ 'data-testid': `order-${o.no}`, 'data-kind': o.kind }),
    ...extra,
  } as RecordTableProps<Order>;
  return render(
    <MantineProvider>
      <RecordTable<Order> {...props} />
    </MantineProvider>,
  );
};

beforeAll(() => {
  initI18n('en');
});

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the record table', () => {
  it('on a desktop draws a table row per record, with its test id and attributes, and clicks reach the page', () => {
    stubWindowWidth(1366);
    const onRecordClick = vi.fn();
    show({ onRecordClick, clickable: (o) => o.kind !== 'PACKAGE' });
    const table = screen.getByTestId('orders');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    const row = screen.getByTestId('order-SO-1');
    expect(row.tagName).toBe('TR');
    expect(row.getAttribute('data-kind')).toBe('SHOP');
    expect(within(row).getByText('฿120.00')).toBeTruthy();
    fireEvent.click(row);
    expect(onRecordClick).toHaveBeenCalledWith(ORDERS[0]);
    // A record that may not be clicked is not handed over.
    fireEvent.click(screen.getByTestId('order-SO-2'));
    expect(onRecordClick).toHaveBeenCalledTimes(1);
  });

  it('on a phone draws a card per record with the same test id and attributes: each value under its title, the actions at the foot', () => {
    stubWindowWidth(360);
    const onRecordClick = vi.fn();
    show({ onRecordClick, cardTitle: (o) => `Order ${o.no}` });
    expect(screen.getByTestId('orders').querySelector('table')).toBeNull();
    const card = screen.getByTestId('order-SO-2');
    expect(card.tagName).not.toBe('TR');
    expect(card.getAttribute('data-kind')).toBe('PACKAGE');
    const text = card.textContent ?? '';
    // The heading stands for the first column; 'Kind' is left off the card.
    expect(text.startsWith('Order SO-2')).toBe(true);
    expect(text).not.toContain('Number');
    expect(text).toContain('Total฿80.50');
    expect(text).not.toContain('Kind');
    expect(within(card).getByRole('button', { name: 'Open SO-2' })).toBeTruthy();
    fireEvent.click(card);
    expect(onRecordClick).toHaveBeenCalledWith(ORDERS[1]);
  });

  it('on a phone pages with the same pager, named in the reader’s language', async () => {
    stubWindowWidth(360);
    await i18n.changeLanguage('th');
    const onPageChange = vi.fn();
    show({ page: 1, onPageChange, totalRecords: 25, recordsPerPage: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'หน้าถัดไป' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('phoneCards={false} keeps a table on a phone; no records says so in the reader’s language', async () => {
    stubWindowWidth(360);
    show({ phoneCards: false });
    expect(screen.getByTestId('order-SO-1').tagName).toBe('TR');
    cleanup();
    await i18n.changeLanguage('th');
    show({ records: [] });
    expect(screen.getByText('ยังไม่มีรายการ')).toBeTruthy();
  });

  it('on a desktop says which records of how many it shows', async () => {
    stubWindowWidth(1366);
    await i18n.changeLanguage('th');
    show({ page: 2, onPageChange: () => {}, totalRecords: 12, recordsPerPage: 10 });
    expect(screen.getByText('11–12 จาก 12 รายการ')).toBeTruthy();
  });
});
