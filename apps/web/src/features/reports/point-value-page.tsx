import { AreaChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, Text, Title } from '@mantine/core';
import type { OrderItemRow, OrganizeSummary } from '@portal/contracts/reports';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n/dates';
import { formatCount } from '../../lib/i18n/numbers';
import { useLang } from '../../lib/i18n/use-lang';
import { orderTone, useLabels } from './components/labels';
import { ReportFrame } from './components/report-frame';
import { useReportView, useViewPage } from './components/report-view';
import type { ReportColumn } from './model/columns';
import './reports-namespace';
import { orderItems } from './api/order-items';
import { useOrganizeSummary } from './api/organize-summary';
import { usePointSummary } from './api/point-summary';

/** My organisation's new PV per side, day by day over the range (report/order/organize_summary). */
function SideChart({ data }: { data: OrganizeSummary | undefined }) {
  const { t } = useTranslation('reports');
  const lang = useLang();
  if (!data || data.days.length === 0) return null;
  const points = [...data.days].reverse().map((d) => ({
    date: formatDate(d.date, lang),
    left: d.left_pv,
    right: d.right_pv,
  }));
  return (
    <Paper withBorder radius="md" p="sm" data-testid="pv-chart" data-noprint-chart>
      <Title order={2} size="h5" mb={4}>
        {t('pv.chartTitle')}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t('pv.chartHint', {
          left: formatCount(data.left_pv, lang),
          right: formatCount(data.right_pv, lang),
        })}
      </Text>
      <AreaChart
        h={220}
        data={points}
        dataKey="date"
        curveType="linear"
        withLegend
        valueFormatter={(n) => formatCount(n, lang)}
        series={[
          { name: 'left', label: t('pv.left'), color: 'teal.6' },
          { name: 'right', label: t('pv.right'), color: 'indigo.6' },
        ]}
      />
    </Paper>
  );
}

/** /reports/point_value: PV per order item, mine and per side (plan 2.1, 2.2). */
export default function PointValuePage() {
  const { t } = useTranslation('reports');
  const l = useLabels();
  const v = useReportView();
  const list = useViewPage(v, orderItems);
  const summary = usePointSummary(v.range);
  const organize = useOrganizeSummary(v.range);
  const s = summary.data;
  const columns: ReportColumn<OrderItemRow>[] = [
    { key: 'payment_date', title: t('col.paymentDate'), kind: 'date', value: (r) => r.payment_date },
    { key: 'order_no', title: t('col.orderNo'), kind: 'text', value: (r) => r.order_no },
    { key: 'order_type', title: t('col.orderType'), kind: 'text', value: (r) => l.orderType(r.order_type) },
    { key: 'product_code', title: t('col.productCode'), kind: 'text', value: (r) => r.product_code },
    {
      key: 'product_name',
      title: t('col.productName'),
      kind: 'text',
      value: (r) => r.product_name,
      wrap: true,
    },
    { key: 'quantity', title: t('col.quantity'), kind: 'int', value: (r) => r.quantity },
    { key: 'pv_per_unit', title: t('col.pvPerUnit'), kind: 'int', value: (r) => r.pv_per_unit },
    { key: 'pv_total', title: t('col.pvTotal'), kind: 'int', value: (r) => r.pv_total, compact: 'amount' },
    { key: 'lvp_total', title: t('col.lvpTotal'), kind: 'int', value: (r) => r.lvp_total },
    {
      key: 'order_status',
      title: t('col.orderStatus'),
      kind: 'text',
      value: (r) => l.orderStatus(r.order_status),
      compact: 'state',
      tone: (r) => orderTone(r.order_status),
    },
  ];
  return (
    <ReportFrame
      report="point_value"
      title={t('reports.point_value.title')}
      description={t('reports.point_value.description')}
      v={v}
      call={orderItems}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      summary={[
        { key: 'personal_pv', label: t('summary.personalPv'), kind: 'int', value: s?.personal_pv ?? null },
        { key: 'left_pv', label: t('summary.leftPv'), kind: 'int', value: s?.left_pv ?? null },
        { key: 'right_pv', label: t('summary.rightPv'), kind: 'int', value: s?.right_pv ?? null },
        {
          key: 'current_left',
          label: t('summary.currentLeft'),
          kind: 'int',
          value: s?.current_left_points ?? null,
        },
        {
          key: 'current_right',
          label: t('summary.currentRight'),
          kind: 'int',
          value: s?.current_right_points ?? null,
        },
        { key: 'lvp_balance', label: t('summary.lvpBalance'), kind: 'int', value: s?.lvp_balance ?? null },
      ]}
      summaryLoading={summary.isFetching}
    >
      <SideChart data={organize.data} />
    </ReportFrame>
  );
}
