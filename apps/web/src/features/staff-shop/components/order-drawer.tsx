import {
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Image,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { StaffOrder } from '@portal/contracts/shop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDate } from '../../../lib/i18n/dates';
import { formatPoints } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useOrderAction, useSlipFile, useStaffOrder, type OrderAction } from '../api/orders';
import { StaffCoolingOffSection } from './cooling-off-section';
import { StaffTaxSection } from './tax-section';

const AUDIT_ACTIONS = [
  'order_placed',
  'order_canceled',
  'order_refunded',
  'order_packing',
  'order_shipped',
  'order_delivered',
  'payment_confirmed',
  'slip_submitted',
  'slip_rejected',
  'duplicate_payment',
  'hold_released',
  'cooling_off_requested',
  'cooling_off_goods_received',
] as const;
const isAuditAction = (a: string): a is (typeof AUDIT_ACTIONS)[number] =>
  (AUDIT_ACTIONS as readonly string[]).includes(a);

const money = (v: string, lang: Language) => `฿${formatPoints(v, lang)}`;

/** One order on the desk: what was bought, the slip, the actions its state allows, the audit trail. */
export function OrderDrawer({
  number,
  lang,
  onClose,
}: {
  number: string | null;
  lang: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation('staffshop');
  const order = useStaffOrder(number, lang);
  return (
    <Drawer
      opened={number !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={number ? t('orders.order', { number }) : ''}
      data-testid="staff-order-drawer"
    >
      {order.isPending ? (
        <PageLoader />
      ) : order.isError ? (
        <ErrorAlert error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        <OrderDetail order={order.data} lang={lang} />
      )}
    </Drawer>
  );
}

function OrderDetail({ order, lang }: { order: StaffOrder; lang: Language }) {
  const { t } = useTranslation('staffshop');
  const act = useOrderAction(order.order_no);
  const [reason, setReason] = useState('');
  const [tracking, setTracking] = useState('');
  const [carrier, setCarrier] = useState('');
  const slip = order.payment?.slips.find((s) => s.status === 'submitted') ?? null;
  const run = (action: OrderAction) =>
    act.mutate(action, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('orders.done') });
        setReason('');
      },
    });
  const paid = order.payment_status === 'paid';
  const canceled = order.status === 'canceled';
  const reasonOk = reason.trim().length >= 3;

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" data-testid="staff-order-status">
          {t(`labels.statuses.${order.status}`)}
        </Badge>
        <Badge variant="light" color={paid ? 'teal' : 'yellow'}>
          {t(`labels.paymentStatuses.${order.payment_status}`)}
        </Badge>
        <Badge variant="outline">{t(`labels.types.${order.order_type}`)}</Badge>
      </Group>
      <Stack gap={2}>
        <Text size="sm">
          {order.customer
            ? `${order.customer.name} · ${order.customer.telephone}`
            : `${order.buyer.name} (${order.buyer.member_code})`}
        </Text>
        {order.customer && (
          <Text size="xs" c="dimmed">
            {t('orders.communityOf', { name: order.buyer.name, code: order.buyer.member_code })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {formatDate(order.created_at, lang, 'dateTime')}
        </Text>
      </Stack>
      <Stack gap={4}>
        {order.items.map((i) => (
          <Group key={i.line_no} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">
              {i.product_name} × {i.quantity}
            </Text>
            <Text size="sm">{money(i.line_total, lang)}</Text>
          </Group>
        ))}
        <Divider />
        <Group justify="space-between">
          <Text size="sm" fw={700}>
            {t('labels.total')}
          </Text>
          <Text size="sm" fw={700}>
            {money(order.total_amount, lang)}
          </Text>
        </Group>
        {order.tracking_no && (
          <Text size="sm">
            {t('labels.tracking')}: {order.carrier ? `${order.carrier} ` : ''}
            {order.tracking_no}
          </Text>
        )}
        {order.cancel_reason && (
          <Text size="sm" c="red.7">
            {t('orders.cancelReason')}: {order.cancel_reason}
          </Text>
        )}
      </Stack>

      <StaffCoolingOffSection order={order} />
      <StaffTaxSection order={order} />

      {act.isError && <ErrorAlert error={act.error} />}

      {slip && !canceled && (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('orders.slip')}
          </Text>
          <SlipImage number={order.order_no} slipId={slip.id} fileName={slip.file_name} />
          <Group gap="xs">
            <Button
              color="teal"
              size="xs"
              loading={act.isPending}
              onClick={() => run({ kind: 'confirm' })}
              data-testid="staff-slip-confirm"
            >
              {t('orders.confirm')}
            </Button>
            <Button
              color="red"
              variant="light"
              size="xs"
              disabled={!reasonOk}
              loading={act.isPending}
              onClick={() => run({ kind: 'reject', reason })}
              data-testid="staff-slip-reject"
            >
              {t('orders.reject')}
            </Button>
          </Group>
        </Stack>
      )}

      {paid && (order.status === 'paid' || order.status === 'packing') && (
        <Stack gap="xs">
          {order.status === 'paid' && (
            <Button
              size="xs"
              w="fit-content"
              onClick={() => run({ kind: 'packing' })}
              data-testid="staff-packing"
            >
              {t('orders.packing')}
            </Button>
          )}
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              size="xs"
              label={t('labels.tracking')}
              value={tracking}
              onChange={(e) => setTracking(e.currentTarget.value)}
              maxLength={40}
              data-testid="staff-tracking"
            />
            <TextInput
              size="xs"
              label={t('orders.carrier')}
              value={carrier}
              onChange={(e) => setCarrier(e.currentTarget.value)}
              maxLength={60}
            />
            <Button
              size="xs"
              disabled={tracking.trim().length < 4}
              onClick={() =>
                run({ kind: 'ship', tracking_no: tracking.trim(), carrier: carrier.trim() || undefined })
              }
              data-testid="staff-ship"
            >
              {t('orders.ship')}
            </Button>
          </Group>
        </Stack>
      )}
      {order.status === 'shipped' && (
        <Button size="xs" w="fit-content" onClick={() => run({ kind: 'deliver' })}>
          {t('orders.deliver')}
        </Button>
      )}

      {!canceled && (
        <Stack gap="xs">
          <Textarea
            label={t('orders.reason')}
            description={t('orders.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-testid="staff-reason"
          />
          <Button
            color="red"
            size="xs"
            w="fit-content"
            disabled={!reasonOk}
            loading={act.isPending}
            onClick={() => run({ kind: 'cancel', reason })}
            data-testid="staff-cancel"
          >
            {paid ? t('orders.refund') : t('orders.cancel')}
          </Button>
        </Stack>
      )}

      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('orders.audit')}
        </Text>
        <Timeline bulletSize={12} lineWidth={2}>
          {order.audit.map((a, i) => (
            <Timeline.Item
              key={i}
              title={<Text size="sm">{isAuditAction(a.action) ? t(`audit.${a.action}`) : a.action}</Text>}
            >
              <Text size="xs" c="dimmed">
                {a.actor_name ?? a.actor} · {formatDate(a.created_at, lang, 'dateTime')}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Stack>
  );
}

function SlipImage({ number, slipId, fileName }: { number: string; slipId: number; fileName: string }) {
  const file = useSlipFile(number, slipId);
  const url = useObjectUrl(file.data?.type.startsWith('image/') ? file.data : null);
  if (file.isPending) return <PageLoader />;
  if (file.isError) return <ErrorAlert error={file.error} />;
  return url ? (
    <Image src={url} alt={fileName} maw={280} radius="sm" data-testid="staff-slip-image" />
  ) : (
    <Text size="sm">{fileName}</Text>
  );
}
