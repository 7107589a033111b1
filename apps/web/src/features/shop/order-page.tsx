import { Alert, Anchor, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { formatDate } from '../../lib/i18n/dates';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCancelOrder, useOrder } from './api/orders';
import { SignedOut } from './components/signed-out';
import { OrderStatusBadge } from './components/order-status';
import { OrderSummary } from './components/order-summary';
import { PaymentPanel } from './components/payment-panel';
import { CoolingOffCard } from './components/cooling-off';
import { SaleDocumentCard } from './components/sale-document';
import { TaxDocumentsCard } from './components/tax-documents';
import { useShopContext } from './model/shop-context';

/** /ecommerce/orders/:orderNumber: the confirmation, the payment screen, status and tracking. */
export default function OrderPage() {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  const number = useParams().orderNumber ?? '';
  const guestKey = useSearchParams()[0].get('key');
  useDocumentTitle(t('order.title', { number }));
  if (!guestKey && !ctx.signedIn) return <SignedOut />;
  return <OrderView number={number} guestKey={guestKey} />;
}

function OrderView({ number, guestKey }: { number: string; guestKey: string | null }) {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  const order = useOrder(number, ctx.lang, guestKey);
  const cancel = useCancelOrder(guestKey);
  const [confirming, confirm] = useDisclosure(false);
  if (order.isPending) return <PageLoader />;
  if (order.isError) return <ErrorAlert error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data;
  const row = (label: string, value: string | null) =>
    value ? (
      <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
        {/* The label keeps its words whole; a long value (the address) wraps instead. */}
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
          {label}
        </Text>
        <Text size="sm" ta="right">
          {value}
        </Text>
      </Group>
    ) : null;
  return (
    <Stack gap="md" maw={720}>
      {placed && (
        <Alert color="teal" icon={<IconCircleCheck size={20} />} data-testid="order-placed">
          {t('order.thanks')}
          {guestKey && (
            <Text size="sm" mt={4}>
              {t('order.guestKeep')}
            </Text>
          )}
        </Alert>
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={2} data-testid="order-number">
          {t('order.title', { number: o.order_no })}
        </Title>
        <OrderStatusBadge status={o.status} />
      </Group>
      <Card withBorder>
        <Stack gap={6}>
          {row(t('order.type'), t(`order.types.${o.order_type}`))}
          {row(t('order.date'), formatDate(o.created_at, ctx.lang, 'dateTime'))}
          {row(t('order.paymentStatus'), t(`order.paymentStatuses.${o.payment_status}`))}
          {row(t('order.paymentDate'), o.paid_at ? formatDate(o.paid_at, ctx.lang, 'dateTime') : null)}
          {row(
            t('order.tracking'),
            o.tracking_no ? `${o.carrier ? `${o.carrier} ` : ''}${o.tracking_no}` : null,
          )}
          {row(
            t('checkout.delivery'),
            o.delivery.method === 'pickup'
              ? t('order.pickup')
              : o.delivery.address
                ? [
                    o.delivery.address.recipient,
                    o.delivery.address.address_line,
                    o.delivery.address.subdistrict,
                    o.delivery.address.district,
                    o.delivery.address.province,
                    o.delivery.address.post_code,
                  ]
                    .filter(Boolean)
                    .join(' ')
                : null,
          )}
        </Stack>
      </Card>
      <PaymentPanel order={o} lang={ctx.lang} guestKey={guestKey} />
      <CoolingOffCard order={o} lang={ctx.lang} guestKey={guestKey} />
      <TaxDocumentsCard order={o} lang={ctx.lang} guestKey={guestKey} />
      <SaleDocumentCard order={o} lang={ctx.lang} guestKey={guestKey} />
      <Card withBorder>
        <Text fw={600} mb="xs">
          {t('order.items')}
        </Text>
        <OrderSummary order={o} lang={ctx.lang} />
      </Card>
      <Group justify="space-between" wrap="wrap">
        {!guestKey && (
          <Anchor component={Link} to={paths.ecommerceOrders.href()} size="sm">
            {t('order.viewAll')}
          </Anchor>
        )}
        {o.status === 'pending_payment' && o.payment_status === 'pending' && (
          <Button color="red" variant="light" onClick={confirm.open} data-testid="order-cancel">
            {t('order.cancel')}
          </Button>
        )}
      </Group>
      <Modal opened={confirming} onClose={confirm.close} title={t('order.cancel')} centered>
        <Stack>
          <Text size="sm">{t('order.cancelConfirm')}</Text>
          {cancel.isError && <ErrorAlert error={cancel.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              {t('order.keep')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              data-testid="order-cancel-confirm"
              onClick={() =>
                cancel.mutate(
                  { number: o.order_no },
                  {
                    onSuccess: () => {
                      confirm.close();
                      notifications.show({ color: 'teal', message: t('order.canceled') });
                    },
                  },
                )
              }
            >
              {t('order.cancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
