import { Stack, Text } from '@mantine/core';
import type { YearlyStatement } from '@portal/contracts/statements';
import { useTranslation } from 'react-i18next';
import { RecordTable, type RecordColumn } from '../../components/record-table';
import { Money } from '../../components/ui/money';
import { useFormat } from '../../lib/i18n/use-format';
import './statements-namespace';

/** The pieces the month's and the year's statements share: a figure, income by type, the payouts. */
type IncomeRow = YearlyStatement['income'][number];
export type PayoutRow = YearlyStatement['payouts'][number];

export function Figure({ label, value, testId }: { label: string; value: string | null; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Money value={value} size="lg" fw={700} data-testid={testId} />
    </Stack>
  );
}

/** Earned by type (lines dated in the period that stand: decision 021). */
export function IncomeTable({ income, total }: { income: IncomeRow[]; total: string }) {
  const { t } = useTranslation('statements');
  const f = useFormat();
  return (
    <RecordTable<IncomeRow>
      data-testid="income-by-type"
      phoneCards={false}
      records={income}
      idAccessor="type"
      cardTitle={(r) => t(`incomeTypes.${r.type}`)}
      columns={[
        {
          accessor: 'type',
          title: t('statements.type'),
          render: (r) => t(`incomeTypes.${r.type}`),
          footer: t('table.total'),
        },
        {
          accessor: 'lines',
          title: t('statements.lines'),
          textAlign: 'right',
          render: (r) => f.count(r.lines),
        },
        {
          accessor: 'amount',
          title: t('statements.amount'),
          textAlign: 'right',
          render: (r) => <Money value={r.amount} />,
          footer: <Money value={total} fw={700} data-testid="income-total" />,
        },
      ]}
    />
  );
}

type Amount = 'gross' | 'wht' | 'point_part' | 'fee' | 'net';

/** The payout runs of the period (by payout date); `split` adds columns after the gross. */
export function PayoutTable<T extends PayoutRow>({
  payouts,
  noneText,
  split = [],
}: {
  payouts: T[];
  noneText: string;
  split?: RecordColumn<T>[];
}) {
  const { t } = useTranslation('statements');
  const f = useFormat();
  const money = (key: Amount, title: string) => ({
    accessor: key,
    title,
    textAlign: 'right' as const,
    render: (r: T) => <Money value={r[key]} />,
  });
  return (
    <RecordTable<T>
      data-testid="payouts"
      records={payouts}
      idAccessor="run_date"
      noRecordsText={noneText}
      cardTitle={(r) => f.day(r.run_date)}
      columns={[
        { accessor: 'run_date', title: t('statements.runDate'), render: (r) => f.day(r.run_date) },
        money('gross', t('statements.gross')),
        ...split,
        money('wht', t('statements.wht')),
        money('point_part', t('statements.pointPart')),
        money('fee', t('statements.fee')),
        money('net', t('statements.net')),
      ]}
    />
  );
}
