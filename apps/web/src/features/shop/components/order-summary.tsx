import { Divider, Group, Stack, Text } from '@mantine/core';
import type { Order } from '@portal/contracts/shop';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { formatMoney } from '../model/cart';

/** What an order charges: the order itself, or the quote of the order about to be placed (the same fields). */
export type Charged = Pick<
  Order,
  | 'order_type'
  | 'items'
  | 'subtotal'
  | 'shipping_amount'
  | 'vat_amount'
  | 'total_amount'
  | 'lvp_used'
  | 'points_used'
  | 'net_amount'
  | 'pv_total'
>;

/**
 * The order's lines and amounts, as the server computed them: the placed order's, or the quote's
 * before the buyer confirms. Test ids start with `testId` (`order`, `quote`).
 */
export function OrderSummary({
  order,
  lang,
  testId = 'order',
}: {
  order: Charged;
  lang: Language;
  testId?: string;
}) {
  const { t } = useTranslation('shop');
  const row = (label: string, value: string, id: string, strong = false) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : 500}
        data-testid={`${testId}-${id}`}
        style={{ whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={6}>
      {order.items.map((item) => (
        <Group
          key={item.line_no}
          justify="space-between"
          gap="xs"
          wrap="nowrap"
          align="flex-start"
          data-testid={`${testId}-item-${item.product_code}`}
        >
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" lineClamp={2}>
              {item.product_name} × {item.quantity}
            </Text>
            <Text size="xs" c="dimmed">
              {formatMoney(item.unit_price, lang)}
              {order.order_type !== 'DROPSHIP' &&
                ` · ${t('pv', { value: formatCount(item.pv_per_unit, lang) })}`}
            </Text>
          </Stack>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(item.line_total, lang)}
          </Text>
        </Group>
      ))}
      <Divider />
      {row(t('cart.subtotal'), formatMoney(order.subtotal, lang), 'subtotal')}
      {row(t('order.shippingAmount'), formatMoney(order.shipping_amount, lang), 'shipping')}
      {row(t('order.vat'), formatMoney(order.vat_amount, lang), 'vat')}
      {row(t('order.total'), formatMoney(order.total_amount, lang), 'total', true)}
      {order.lvp_used > 0 &&
        row(t('order.lvpUsed'), `−${formatMoney(String(order.lvp_used), lang)}`, 'lvp-used')}
      {order.points_used !== '0.00' &&
        row(t('order.pointsUsed'), `−${formatMoney(order.points_used, lang)}`, 'points-used')}
      {order.net_amount !== order.total_amount &&
        row(t('order.net'), formatMoney(order.net_amount, lang), 'net', true)}
      {order.order_type !== 'DROPSHIP' && row(t('order.pvTotal'), formatCount(order.pv_total, lang), 'pv')}
    </Stack>
  );
}
