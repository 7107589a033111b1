import { List, Stack, Text, Title } from '@mantine/core';
import type { CanceledOrderRow } from '@portal/contracts/statements';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RangePicker } from '../../components/range-picker';
import { ErrorAlert } from '../../components/ui/error-alert';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCanceledOrders } from './api';
import { RecordTable } from '../../components/record-table';
import { Money } from '../../components/ui/money';
import { useFormat } from '../../lib/i18n/use-format';
import './statements-namespace';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a cancellation reversed in the member's ledger, one line each (plan 2.4). */
function Reversals({ row }: { row: CanceledOrderRow }) {
  const { t } = useTranslation('statements');
  const f = useFormat();
  const r = row.reversals;
  const items: string[] = [
    ...r.volume.map((v) =>
      t('canceled.volume', {
        pv: f.count(v.pv),
        kind: v.personal
          ? t('canceled.personal')
          : t('canceled.side', { side: t(`canceled.sides.${v.side ?? 'left'}`) }),
      }),
    ),
    ...r.lvp.map((l) =>
      t(l.type === 'INCREASE' ? 'canceled.lvpReturned' : 'canceled.lvpTaken', { points: f.count(l.points) }),
    ),
    ...r.points.map((p) => t('canceled.points', { points: f.money(p.points) })),
    ...r.income.map((i) =>
      t(i.effect === 'VOID' ? 'canceled.incomeVoid' : 'canceled.incomeCorrection', {
        type: t(`incomeTypes.${i.type}`),
        amount: f.money(i.amount),
      }),
    ),
    ...(r.hold_pv_removed > 0 ? [t('canceled.holdRemoved', { pv: f.count(r.hold_pv_removed) })] : []),
  ];
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('canceled.noReversals')}
      </Text>
    );
  return (
    <List size="sm" spacing={2} data-testid="reversals" ta="left">
      {items.map((text, i) => (
        <List.Item key={i}>{text}</List.Item>
      ))}
    </List>
  );
}

/** /canceled_orders: each canceled order, its cancel date and the reversals it caused (plan 2.4). */
export default function CanceledOrdersPage() {
  const { t } = useTranslation('statements');
  useDocumentTitle(t('canceled.title'));
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const orders = useCanceledOrders(page, { from, to });
  const view = (next: { from?: string | undefined; to?: string | undefined; page?: number }) => {
    const search: Record<string, string> = {};
    if (next.from) search.from = next.from;
    if (next.to) search.to = next.to;
    if (next.page && next.page > 1) search.page = String(next.page);
    setParams(search);
  };

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('canceled.title')}
        </Title>
        <Text c="dimmed">{t('canceled.subtitle')}</Text>
      </Stack>
      <RangePicker
        label={t('range.label')}
        from={from}
        to={to}
        onChange={(r) => view(r)}
        testId="range"
        clear={{ label: t('range.clear'), onClear: () => view({}) }}
      />
      {orders.isError ? (
        <ErrorAlert error={orders.error} onRetry={() => void orders.refetch()} />
      ) : (
        <RecordTable<CanceledOrderRow>
          data-testid="canceled-orders"
          records={orders.data?.items ?? []}
          fetching={orders.isPending}
          noRecordsText={from || to ? t('canceled.empty') : t('canceled.emptyAll')}
          totalRecords={orders.data?.pagination.total ?? 0}
          recordsPerPage={DEFAULT_PER_PAGE}
          page={page}
          onPageChange={(p) => view({ from, to, page: p })}
          recordAttributes={(r) => ({ 'data-testid': 'canceled-order', 'data-order': r.order_no })}
          cardTitle={(r) => `${r.order_no} · ${t(`orderTypes.${r.order_type}`)}`}
          columns={[
            {
              accessor: 'order_no',
              title: t('canceled.order'),
              render: (r) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {r.order_no}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`orderTypes.${r.order_type}`)}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'payment_date', title: t('canceled.paid'), render: (r) => f.day(r.payment_date) },
            {
              accessor: 'canceled_date',
              title: t('canceled.canceledOn'),
              render: (r) => (
                <Text span size="sm" fw={600} data-testid="canceled-date">
                  {f.day(r.canceled_date)}
                </Text>
              ),
            },
            {
              accessor: 'total_amount',
              title: t('canceled.amount'),
              textAlign: 'right',
              render: (r) => <Money value={r.total_amount} />,
            },
            {
              accessor: 'pv_reversed',
              title: t('canceled.pvReversed'),
              textAlign: 'right',
              render: (r) => f.count(r.pv_reversed),
            },
            {
              accessor: 'reversals',
              title: t('canceled.reversals'),
              width: 380,
              render: (r) => <Reversals row={r} />,
            },
          ]}
        />
      )}
    </Stack>
  );
}
