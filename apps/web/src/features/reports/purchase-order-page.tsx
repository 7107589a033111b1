import { Group, Loader, Stack, Text } from '@mantine/core';
import type { OrderRow } from '@portal/contracts/reports';
import { useTranslation } from 'react-i18next';
import { Cell } from './components/format';
import { orderTone, useLabels } from './components/labels';
import { ReportFrame } from './components/report-frame';
import { useReportView, useViewPage } from './components/report-view';
import type { ReportColumn } from './model/columns';
import './reports-namespace';
import { useOrderDetail } from './api/order-detail';
import { orderList } from './api/order-list';
import { useOrderSummary } from './api/order-summary';

/** One order's items with their bundle parts, and how it was paid (report/order/{id}). */
function OrderItems({ id }: { id: number }) {
  const { t } = useTranslation('reports');
  const d = useOrderDetail(id);
  if (!d.data) return <Loader size="sm" />;
  const o = d.data;
  return (
    <Stack gap="xs" data-testid="order-detail">
      {o.items.map((i) => (
        <Group
          key={i.id}
          justify="space-between"
          align="flex-start"
          gap="xs"
          wrap="nowrap"
          data-testid="order-item"
        >
          <div style={{ minWidth: 0 }}>
            <Text size="sm" lh={1.6}>
              {i.product_code} · {i.product_name}
            </Text>
            {i.bundle_items.length > 0 && (
              <Text size="xs" c="dimmed" lh={1.6} data-testid="bundle-items">
                {t('orders.bundle')}: {i.bundle_items.map((b) => `${b.name} × ${b.quantity}`).join(', ')}
              </Text>
            )}
          </div>
          <Text size="sm" ta="right" lh={1.6} style={{ whiteSpace: 'nowrap' }}>
            {t('orders.line', { quantity: i.quantity, pv: i.pv_total })} ·{' '}
            <Cell kind="money" value={i.line_total} />
          </Text>
        </Group>
      ))}
      <Group gap="lg">
        {o.payment && (
          <Text size="sm">
            <Text span size="xs" c="dimmed">
              {t('orders.paymentMethod')}:{' '}
            </Text>
            {o.payment.method}
          </Text>
        )}
        {o.tracking_no && (
          <Text size="sm">
            <Text span size="xs" c="dimmed">
              {t('orders.tracking')}:{' '}
            </Text>
            {o.tracking_no} {o.carrier ?? ''}
          </Text>
        )}
        {o.cancel_reason && (
          <Text size="sm">
            <Text span size="xs" c="dimmed">
              {t('orders.cancelReason')}:{' '}
            </Text>
            {o.cancel_reason}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** /reports/purchase_order: my orders with status, payment and PV; a click shows the items. */
export default function PurchaseOrderPage() {
  const { t } = useTranslation('reports');
  const l = useLabels();
  const v = useReportView();
  const list = useViewPage(v, orderList);
  const summary = useOrderSummary(v.range);
  const s = summary.data;
  const columns: ReportColumn<OrderRow>[] = [
    { key: 'order_date', title: t('col.date'), kind: 'date', value: (r) => r.order_date },
    { key: 'order_no', title: t('col.orderNo'), kind: 'text', value: (r) => r.order_no },
    { key: 'order_type', title: t('col.orderType'), kind: 'text', value: (r) => l.orderType(r.order_type) },
    { key: 'item_count', title: t('col.items'), kind: 'int', value: (r) => r.item_count },
    { key: 'total_amount', title: t('col.total'), kind: 'money', value: (r) => r.total_amount },
    { key: 'net_amount', title: t('col.net'), kind: 'money', value: (r) => r.net_amount, compact: 'amount' },
    { key: 'pv_total', title: t('col.pvTotal'), kind: 'int', value: (r) => r.pv_total },
    {
      key: 'payment_status',
      title: t('col.payment'),
      kind: 'text',
      value: (r) => l.payment(r.payment_status),
    },
    {
      key: 'status',
      title: t('col.orderStatus'),
      kind: 'text',
      value: (r) => l.orderStatus(r.status),
      compact: 'state',
      tone: (r) => orderTone(r.status),
    },
  ];
  return (
    <ReportFrame
      report="purchase_order"
      title={t('reports.purchase_order.title')}
      description={t('reports.purchase_order.description')}
      v={v}
      call={orderList}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      detail={(r) => <OrderItems id={r.id} />}
      summary={[
        { key: 'orders', label: t('summary.orders'), kind: 'int', value: s?.orders ?? null },
        { key: 'paid_orders', label: t('summary.paidOrders'), kind: 'int', value: s?.paid_orders ?? null },
        {
          key: 'canceled_orders',
          label: t('summary.canceledOrders'),
          kind: 'int',
          value: s?.canceled_orders ?? null,
        },
        {
          key: 'total_amount',
          label: t('summary.totalAmount'),
          kind: 'money',
          value: s?.total_amount ?? null,
        },
        { key: 'pv_total', label: t('summary.pvTotal'), kind: 'int', value: s?.pv_total ?? null },
      ]}
      summaryLoading={summary.isFetching}
    />
  );
}
