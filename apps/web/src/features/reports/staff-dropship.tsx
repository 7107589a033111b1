import { Stack, Text, TextInput, Title } from '@mantine/core';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import type { DropshipIncome } from '@portal/contracts/shop';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RecordTable } from '../../components/record-table';
import { ErrorAlert } from '../../components/ui/error-alert';
import { formatDate } from '../../lib/i18n/dates';
import { formatPoints } from '../../lib/i18n/numbers';
import { isLanguage } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { staffDropshipIncome } from './api/staff-dropship-income';
import { useLabels } from './components/labels';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /reports/dropship for staff: every member's community-shop income (the network API's
 * GET /dropship_income, staff only), newest first, narrowed to one member by their UUID.
 */
export function StaffDropship() {
  const { t, i18n } = useTranslation('reports');
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  useDocumentTitle(t('staffDropship.title'));
  const l = useLabels();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const member = params.get('member') ?? '';
  const filter = UUID.test(member) ? member : undefined;
  const rows = staffDropshipIncome.usePage({ member_uuid: filter }, page);
  const money = (v: string) => `฿${formatPoints(v, lang)}`;
  return (
    <Stack gap="md">
      <Title order={2}>{t('staffDropship.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('staffDropship.description')}
      </Text>
      <TextInput
        label={t('staffDropship.member')}
        placeholder="00000000-0000-0000-0000-000000000000"
        value={member}
        onChange={(e) => {
          const value = e.currentTarget.value.trim();
          setParams(value ? { member: value } : {});
        }}
        error={member && !filter ? t('staffDropship.memberFormat') : undefined}
        maw={420}
        data-testid="staff-dropship-member"
      />
      {rows.isError ? (
        <ErrorAlert error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <RecordTable<DropshipIncome>
          noRecordsText={t('staffDropship.empty')}
          fetching={rows.isPending}
          records={rows.data?.items ?? []}
          totalRecords={rows.data?.pagination.total ?? 0}
          recordsPerPage={DEFAULT_PER_PAGE}
          page={page}
          onPageChange={(p) => setParams({ ...(filter ? { member: filter } : {}), page: String(p) })}
          recordAttributes={() => ({ 'data-testid': 'staff-dropship-row' })}
          columns={[
            {
              accessor: 'income_date',
              title: t('col.incomeDate'),
              render: (r) => formatDate(r.income_date, lang),
            },
            { accessor: 'member_uuid', title: t('staffDropship.memberColumn') },
            { accessor: 'order_no', title: t('col.orderNo') },
            { accessor: 'product_name', title: t('col.productName') },
            { accessor: 'quantity', title: t('col.quantity'), textAlign: 'right' },
            {
              accessor: 'selling_price',
              title: t('col.sellingPrice'),
              textAlign: 'right',
              render: (r) => money(r.selling_price),
            },
            {
              accessor: 'grand_total',
              title: t('col.grandTotal'),
              textAlign: 'right',
              render: (r) => money(r.grand_total),
            },
            {
              accessor: 'compensation',
              title: t('col.compensation'),
              textAlign: 'right',
              render: (r) => money(r.compensation),
            },
            { accessor: 'state', title: t('col.state'), render: (r) => l.state(r.state) },
          ]}
        />
      )}
    </Stack>
  );
}
