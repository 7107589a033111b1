import { Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { StaffOrderListRow } from '@portal/contracts/shop-holds';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/i18n/dates';
import type { Language } from '../../../lib/preferences';
import { useOrderAction } from '../api/orders';

/** Until when an unpaid order holds its units, and how many (issue 19); a dash when it holds none. */
export function HoldCell({ order: o, lang }: { order: StaffOrderListRow; lang: Language }) {
  const { t } = useTranslation('staffshop');
  if (!o.hold) return <Text size="sm">–</Text>;
  const h = o.hold;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {h.slip_waiting
          ? t('holds.untilStaff')
          : h.expires_at
            ? formatDate(h.expires_at, lang, 'dateTime')
            : '–'}
      </Text>
      <Text size="xs" c="dimmed">
        {t('holds.units', { count: h.units })}
        {h.client_address ? ` · ${h.client_address}` : ''}
      </Text>
    </Stack>
  );
}

/**
 * Releases an unpaid order's hold: the order is canceled and its units go back on the shelf, with a
 * reason kept in its audit trail. Asks first, in a dialog.
 */
export function ReleaseButton({ order: o }: { order: StaffOrderListRow }) {
  const { t } = useTranslation('staffshop');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const action = useOrderAction(o.order_no);
  if (!o.hold) return null;
  const release = () =>
    action.mutate(
      { kind: 'release', reason: reason.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          notifications.show({ message: t('holds.released', { number: o.order_no }), color: 'teal' });
        },
      },
    );
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        color="orange"
        // A Thai label must never break inside a word: the column grows instead.
        styles={{ label: { whiteSpace: 'nowrap' } }}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        data-testid={`staff-release-${o.order_no}`}
      >
        {t('holds.release')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('holds.releaseTitle', { number: o.order_no })}
        centered
      >
        <Stack gap="sm" onClick={(e) => e.stopPropagation()}>
          <Text size="sm">{t('holds.releaseHint', { count: o.hold.units })}</Text>
          <Textarea
            label={t('orders.reason')}
            description={t('holds.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-testid="staff-release-reason"
          />
          {action.isError && <ErrorAlert error={action.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('holds.keep')}
            </Button>
            <Button
              color="orange"
              onClick={release}
              loading={action.isPending}
              disabled={reason.trim().length < 3}
              data-testid="staff-release-confirm"
            >
              {t('holds.release')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The holds' badge beside the status: the order keeps units off the shelf. */
export function HoldBadge({ order: o }: { order: StaffOrderListRow }) {
  const { t } = useTranslation('staffshop');
  if (!o.hold) return null;
  return (
    <Badge color="grape" size="xs" variant="light">
      {t('holds.badge')}
    </Badge>
  );
}
