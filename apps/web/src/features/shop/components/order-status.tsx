import { Badge } from '@mantine/core';
import type { OrderStatus } from '@portal/contracts/shop';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OrderStatus, string> = {
  pending_payment: 'yellow',
  paid: 'teal',
  packing: 'blue',
  shipped: 'indigo',
  delivered: 'green',
  canceled: 'gray',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('shop');
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="order-status">
      {t(`order.statuses.${status}`)}
    </Badge>
  );
}
