import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import type { HoldLotRow, HoldLotStatus } from '@portal/contracts/statements';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useHoldLots } from './api';
import { RecordTable } from '../../components/record-table';
import { useFormat } from '../../lib/i18n/use-format';
import './statements-namespace';

const STATUS_COLORS: Record<HoldLotStatus, string> = { OPEN: 'blue', RELEASED: 'teal', CANCELED: 'gray' };

export function LotStatusBadge({ status }: { status: HoldLotStatus }) {
  const { t } = useTranslation('statements');
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="lot-status" data-status={status}>
      {t(`lotStatus.${status}`)}
    </Badge>
  );
}

/** /hold_point: the member's hold lots with total, released, remaining and deadline (plan 5.1). */
export default function HoldPointsPage() {
  const { t } = useTranslation('statements');
  useDocumentTitle(t('hold.title'));
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const lots = useHoldLots(page);
  const pv = (n: number) => f.count(n);

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('hold.title')}
        </Title>
        <Text c="dimmed">{t('hold.subtitle')}</Text>
      </Stack>
      {lots.isError ? (
        <ErrorAlert error={lots.error} onRetry={() => void lots.refetch()} />
      ) : (
        <RecordTable<HoldLotRow>
          data-testid="hold-lots"
          records={lots.data?.items ?? []}
          fetching={lots.isPending}
          noRecordsText={t('hold.empty')}
          totalRecords={lots.data?.pagination.total ?? 0}
          recordsPerPage={DEFAULT_PER_PAGE}
          page={page}
          onPageChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
          recordAttributes={(r) => ({ 'data-testid': 'hold-lot', 'data-lot': r.id })}
          cardTitle={(r) => t('manage.lot', { id: r.id, order: r.order_no })}
          columns={[
            { accessor: 'order_no', title: t('hold.order') },
            { accessor: 'created_date', title: t('hold.created'), render: (r) => f.day(r.created_date) },
            {
              accessor: 'deadline',
              title: t('hold.deadline'),
              render: (r) => (
                <Stack gap={0} align="inherit">
                  <span>{f.day(r.deadline)}</span>
                  {r.status === 'OPEN' && (
                    <Text size="xs" c={r.days_left <= 7 ? 'orange.8' : 'dimmed'}>
                      {r.days_left > 0 ? t('hold.daysLeft', { count: r.days_left }) : t('hold.dueToday')}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: 'pv_total',
              title: t('hold.total'),
              textAlign: 'right',
              render: (r) => pv(r.pv_total),
            },
            {
              accessor: 'pv_released',
              title: t('hold.released'),
              textAlign: 'right',
              render: (r) => pv(r.pv_released),
            },
            {
              accessor: 'pv_remaining',
              title: t('hold.remaining'),
              textAlign: 'right',
              render: (r) => (
                <Text span fw={600} size="sm" data-testid="lot-remaining">
                  {pv(r.pv_remaining)}
                </Text>
              ),
            },
            {
              accessor: 'status',
              title: t('hold.status'),
              render: (r) => <LotStatusBadge status={r.status} />,
            },
            {
              accessor: 'actions',
              title: '',
              card: 'actions',
              textAlign: 'right',
              render: (r) => (
                <Button
                  component={Link}
                  to={paths.holdPointManage.href(r.id)}
                  size="xs"
                  variant={r.status === 'OPEN' ? 'filled' : 'default'}
                  data-testid="lot-manage"
                >
                  {r.status === 'OPEN' ? t('hold.manage') : t('hold.view')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
