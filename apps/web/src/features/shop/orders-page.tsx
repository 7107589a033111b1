import { Card, Group, Pagination, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { formatDate } from '../../lib/i18n/dates';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMyOrders } from './api/orders';
import { SignedOut } from './components/signed-out';
import { OrderStatusBadge } from './components/order-status';
import { formatMoney } from './model/cart';
import { useShopContext } from './model/shop-context';

/** /ecommerce/orders: the member's orders, newest first. */
export default function OrdersPage() {
  const { t } = useTranslation('shop');
  useDocumentTitle(t('orders.title'));
  const ctx = useShopContext();
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t('orders.title')}</Title>
      {ctx.signedIn ? <OrderList /> : <SignedOut />}
    </Stack>
  );
}

function OrderList() {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useMyOrders(page, ctx.lang);
  if (orders.isPending) return <PageLoader />;
  if (orders.isError) return <ErrorAlert error={orders.error} onRetry={() => void orders.refetch()} />;
  const { items, pagination } = orders.data;
  if (items.length === 0) return <Text c="dimmed">{t('orders.empty')}</Text>;
  return (
    <Stack gap="xs">
      {items.map((o) => (
        <UnstyledButton
          key={o.order_no}
          component={Link}
          to={paths.ecommerceOrder.href(o.order_no)}
          data-testid={`order-${o.order_no}`}
        >
          <Card withBorder padding="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {o.order_no}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(o.created_at, ctx.lang, 'dateTime')} · {t(`order.types.${o.order_type}`)}
                </Text>
                {o.tracking_no && (
                  <Text size="xs">
                    {t('order.tracking')}: {o.tracking_no}
                  </Text>
                )}
              </Stack>
              <Stack gap={4} align="flex-end">
                <OrderStatusBadge status={o.status} />
                <Text size="sm" fw={600}>
                  {formatMoney(o.total_amount, ctx.lang)}
                </Text>
              </Stack>
            </Group>
          </Card>
        </UnstyledButton>
      ))}
      {pagination.last_page > 1 && (
        <Group justify="center">
          <Pagination
            total={pagination.last_page}
            value={page}
            onChange={(p) => setParams({ page: String(p) })}
            size="sm"
          />
        </Group>
      )}
    </Stack>
  );
}
