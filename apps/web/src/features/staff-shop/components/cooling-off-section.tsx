import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { StaffOrder } from '@portal/contracts/shop';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useFormat } from '../../../lib/i18n/use-format';
import { useCoolingOffAction, useStaffCoolingOff } from '../api/tax';

/** A buyer's cancellation within the cooling-off period on the desk: the goods received back, then the refund. */
export function StaffCoolingOffSection({ order }: { order: StaffOrder }) {
  const { t } = useTranslation('staffshop');
  const f = useFormat();
  const relevant = order.status === 'delivered' || order.status === 'canceled';
  const state = useStaffCoolingOff(order.order_no, relevant);
  const act = useCoolingOffAction(order.order_no);
  if (!relevant || !state.data?.request) return null;
  const r = state.data.request;
  return (
    <Alert color={r.refunded_at ? 'gray' : 'orange'} variant="light" data-testid="staff-cooling-off">
      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t('coolingOff.title')}
        </Text>
        <Text size="sm">
          {t('coolingOff.asked', { date: f.instant(r.requested_at), due: f.day(r.refund_due_on) })}
        </Text>
        {r.reason && <Text size="sm">{t('coolingOff.reason', { reason: r.reason })}</Text>}
        {r.goods_received_at && (
          <Text size="sm">{t('coolingOff.goodsReceived', { date: f.instant(r.goods_received_at) })}</Text>
        )}
        {r.refunded_at && (
          <Text size="sm">{t('coolingOff.refunded', { date: f.instant(r.refunded_at) })}</Text>
        )}
        {act.isError && <ErrorAlert error={act.error} />}
        {!r.refunded_at && (
          <Group gap="xs">
            {!r.goods_received_at && (
              <Button
                size="xs"
                loading={act.isPending}
                onClick={() => act.mutate('goods-received')}
                data-testid="staff-cooling-off-goods"
              >
                {t('coolingOff.markReceived')}
              </Button>
            )}
            <Button
              size="xs"
              color="red"
              disabled={!r.goods_received_at}
              loading={act.isPending}
              onClick={() => act.mutate('refund')}
              data-testid="staff-cooling-off-refund"
            >
              {t('coolingOff.refund')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
