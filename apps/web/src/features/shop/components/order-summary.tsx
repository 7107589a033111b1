import { Divider, Group, Stack, Text } from '@mantine/core';
import type { Order } from '@portal/contracts/shop';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/preferences';
import { formatMoney } from '../model/cart';

/** The order's lines and amounts, as the server computed them. */
export function OrderSummary({ order, lang }: { order: Order; lang: Language }) {
  const { t } = useTranslation('shop');
  const row = (label: string, value: string, strong = false, testId?: string) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={6}>
      {order.items.map((item) => (
        <Group key={item.line_no} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" lineClamp={2}>
              {item.product_name} × {item.quantity}
            </Text>
            <Text size="xs" c="dimmed">
              {formatMoney(item.unit_price, lang)}
              {order.order_type !== 'DROPSHIP' && ` · ${t('pv', { value: item.pv_per_unit })}`}
            </Text>
          </Stack>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(item.line_total, lang)}
          </Text>
        </Group>
      ))}
      <Divider />
      {row(t('cart.subtotal'), formatMoney(order.subtotal, lang))}
      {row(t('order.shippingAmount'), formatMoney(order.shipping_amount, lang))}
      {row(t('order.vat'), formatMoney(order.vat_amount, lang))}
      {row(t('order.total'), formatMoney(order.total_amount, lang), true, 'order-total')}
      {order.net_amount !== order.total_amount &&
        row(t('order.net'), formatMoney(order.net_amount, lang), true)}
      {order.order_type !== 'DROPSHIP' && row(t('order.pvTotal'), String(order.pv_total))}
    </Stack>
  );
}
