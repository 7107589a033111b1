import { Button, Card, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { Order } from '@portal/contracts/shop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/i18n/dates';
import type { Language } from '../../../lib/preferences';
import { useCoolingOff, useRequestCoolingOff } from '../api/tax';

/**
 * Cancelling a delivered order within the cooling-off period (Direct Sales Act; issue 22 item 4): until
 * when the buyer may, the request with an optional reason, then where it stands (goods received,
 * refunded, due by). Shown once the order is delivered or a request exists.
 */
export function CoolingOffCard({
  order,
  lang,
  guestKey,
}: {
  order: Order;
  lang: Language;
  guestKey: string | null;
}) {
  const { t } = useTranslation('shop');
  const relevant = order.status === 'delivered' || order.status === 'canceled';
  const state = useCoolingOff(order.order_no, guestKey, relevant && order.payment_status !== 'pending');
  const ask = useRequestCoolingOff(order.order_no, guestKey);
  const [opened, modal] = useDisclosure(false);
  const [reason, setReason] = useState('');
  if (!relevant || state.isPending || state.isError) return null;
  const { request, available, period_ends_on: ends } = state.data;
  if (!request && !ends) return null;
  if (!request && order.status !== 'delivered') return null;
  const day = (d: string) => formatDate(d, lang, 'long');
  return (
    <Card withBorder data-testid="cooling-off">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconArrowBackUp size={20} aria-hidden style={{ flexShrink: 0 }} />
          <Text fw={600}>{t('coolingOff.title')}</Text>
        </Group>
        {request ? (
          <Stack gap={4} data-testid="cooling-off-request">
            <Text size="sm">
              {t('coolingOff.asked', { date: formatDate(request.requested_at, lang, 'dateTime') })}
            </Text>
            <Text size="sm" fw={600} data-testid="cooling-off-status">
              {request.refunded_at
                ? t('coolingOff.refunded', { date: formatDate(request.refunded_at, lang, 'dateTime') })
                : request.goods_received_at
                  ? t('coolingOff.goodsReceived', {
                      date: formatDate(request.goods_received_at, lang, 'dateTime'),
                    })
                  : t('coolingOff.sendBack')}
            </Text>
            {!request.refunded_at && (
              <Text size="sm" c="dimmed">
                {t('coolingOff.dueBy', { date: day(request.refund_due_on) })}
              </Text>
            )}
          </Stack>
        ) : available ? (
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={600} style={{ flex: '1 1 16rem' }} data-testid="cooling-off-until">
              {t('coolingOff.until', { date: day(ends!) })}
            </Text>
            <Button color="red" variant="light" onClick={modal.open} data-testid="cooling-off-ask">
              {t('coolingOff.ask')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" data-testid="cooling-off-ended">
            {t('coolingOff.ended', { date: day(ends!) })}
          </Text>
        )}
      </Stack>
      <Modal opened={opened} onClose={modal.close} title={t('coolingOff.ask')} centered>
        <Stack>
          <Text size="sm">{t('coolingOff.confirm', { date: day(ends ?? order.created_at) })}</Text>
          <Textarea
            label={t('coolingOff.reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-testid="cooling-off-reason"
          />
          {ask.isError && <ErrorAlert error={ask.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={modal.close}>
              {t('order.keep')}
            </Button>
            <Button
              color="red"
              loading={ask.isPending}
              data-testid="cooling-off-confirm"
              onClick={() =>
                ask.mutate(reason, {
                  onSuccess: () => {
                    modal.close();
                    notifications.show({ color: 'teal', message: t('coolingOff.sent') });
                  },
                })
              }
            >
              {t('coolingOff.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
