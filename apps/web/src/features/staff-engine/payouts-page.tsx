import { Stack, Text, Title } from '@mantine/core';
import type { PayoutRun } from '@portal/contracts/engine';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePayoutRuns } from './api/payouts';
import { Money } from '../../components/ui/money';
import { useFormat } from '../../lib/i18n/use-format';
import { RecordTable } from '../../components/record-table';
import './engine-namespace';

/** /staff/payouts: the weekly payout runs with what each paid and held back. */
export default function PayoutsPage() {
  const { t } = useTranslation('engine');
  useDocumentTitle(t('payouts.title'));
  const f = useFormat();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const runs = usePayoutRuns(page);
  const money = (key: 'gross' | 'wht' | 'point_part' | 'net', title: string) => ({
    accessor: key,
    title,
    textAlign: 'right' as const,
    render: (r: PayoutRun) => <Money value={r[key]} />,
  });

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('payouts.title')}
        </Title>
        <Text c="dimmed">{t('payouts.subtitle')}</Text>
      </Stack>
      {runs.isError ? (
        <ErrorAlert error={runs.error} onRetry={() => void runs.refetch()} />
      ) : (
        <RecordTable<PayoutRun>
          data-testid="payout-runs"
          idAccessor="run_id"
          records={runs.data?.items ?? []}
          fetching={runs.isPending}
          totalRecords={runs.data?.pagination.total ?? 0}
          recordsPerPage={DEFAULT_PER_PAGE}
          page={page}
          onPageChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
          onRecordClick={(record) => void navigate(paths.staffPayout.href(record.run_date))}
          recordAttributes={(r) => ({ 'data-testid': 'payout-run', 'data-date': r.run_date })}
          columns={[
            { accessor: 'run_date', title: t('payouts.runDate'), render: (r) => f.day(r.run_date) },
            { accessor: 'paid_members', title: t('payouts.paidMembers'), textAlign: 'right' },
            { accessor: 'held_members', title: t('payouts.heldMembers'), textAlign: 'right' },
            money('gross', t('payouts.gross')),
            { ...money('wht', t('payouts.wht')), visibleMediaQuery: '(min-width: 48em)' },
            { ...money('point_part', t('payouts.pointPart')), visibleMediaQuery: '(min-width: 48em)' },
            money('net', t('payouts.net')),
          ]}
        />
      )}
    </Stack>
  );
}
