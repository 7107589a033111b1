import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconCalendarCheck,
  IconCashBanknote,
  IconReceipt,
  IconUserCheck,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { useFormat } from '../../lib/i18n/use-format';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  useClosingState,
  useKycWaiting,
  useLatestPayouts,
  usePlanInForce,
  useSlipsWaiting,
} from './api/queues';
import { closingsDue, orderQueues, payoutDaysDue, type QueueKey } from './model/queues';
import './staff-home-namespace';

interface Queue {
  key: QueueKey;
  icon: Icon;
  count: number;
  loading: boolean;
  error: unknown;
  detail: ReactNode;
  to: string;
}

/** /staff: what waits for staff (KYC cases, slips, closings, payouts), each with the way to its desk. */
export default function StaffHomePage() {
  const { t } = useTranslation('staffhome');
  const f = useFormat();
  useDocumentTitle(t('title'));
  const kyc = useKycWaiting();
  const slips = useSlipsWaiting(f.lang);
  const closing = useClosingState();
  const payouts = useLatestPayouts();
  const plan = usePlanInForce();

  const due = closing.data ? closingsDue(closing.data) : 0;
  const weekday = plan.data?.in_force.params.PAYOUT_WEEKDAY;
  const payoutDays = closing.data && weekday !== undefined ? payoutDaysDue(closing.data, weekday) : [];
  const latest = payouts.data?.items[0];
  const lastDue = closing.data && due > 0 ? f.day(closing.data.business_date) : null;

  const queues: Queue[] = [
    {
      key: 'kyc',
      icon: IconUserCheck,
      count: kyc.data?.pagination.total ?? 0,
      loading: kyc.isPending,
      error: kyc.error,
      detail: t('kyc.detail'),
      to: paths.staffKyc.href(),
    },
    {
      key: 'slips',
      icon: IconReceipt,
      count: slips.data?.pagination.total ?? 0,
      loading: slips.isPending,
      error: slips.error,
      detail: t('slips.detail'),
      to: paths.staffOrders.href({ slip: true }),
    },
    {
      key: 'closings',
      icon: IconCalendarCheck,
      count: due,
      loading: closing.isPending,
      error: closing.error,
      detail:
        closing.data && (closing.data.running.length ?? 0) > 0
          ? t('closings.running')
          : due > 0 && closing.data?.next_day
            ? t('closings.detail', { from: f.day(closing.data.next_day), count: due, today: lastDue })
            : t('closings.none', { date: f.day(closing.data?.last_closed) }),
      to: paths.staffClosings.href(),
    },
    {
      key: 'payouts',
      icon: IconCashBanknote,
      count: payoutDays.length,
      loading: closing.isPending || plan.isPending || payouts.isPending,
      error: closing.error ?? plan.error ?? payouts.error,
      detail: (
        <Stack gap={2}>
          <Text size="sm">
            {payoutDays.length > 0
              ? t('payouts.detail', { dates: payoutDays.map((d) => f.day(d)).join(', ') })
              : t('payouts.none')}
          </Text>
          {latest && (
            <Text size="sm" c="dimmed" data-testid="staff-home-latest-payout">
              {t('payouts.latest', {
                date: f.day(latest.run_date),
                members: f.count(latest.paid_members),
                net: f.money(latest.net),
              })}
            </Text>
          )}
        </Stack>
      ),
      to:
        latest && payoutDays.length === 0
          ? paths.staffPayout.href(latest.run_date)
          : paths.staffClosings.href(),
    },
  ];

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="staff-home-queues">
        {orderQueues(queues).map((q) => (
          <QueueCard key={q.key} queue={q} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function QueueCard({ queue: q }: { queue: Queue }) {
  const { t } = useTranslation('staffhome');
  const f = useFormat();
  const Icon = q.icon;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      data-testid={`staff-queue-${q.key}`}
      data-count={q.loading ? undefined : q.count}
    >
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="xs" wrap="nowrap">
              <Icon size={22} stroke={1.6} />
              <Text fw={600}>{t(`${q.key}.title`)}</Text>
            </Group>
            {q.loading ? (
              <Skeleton h={28} w={48} />
            ) : (
              <Badge
                size="xl"
                variant={q.count > 0 ? 'filled' : 'light'}
                color={q.count > 0 ? 'orange' : 'gray'}
                data-testid="staff-queue-count"
              >
                {f.count(q.count)}
              </Badge>
            )}
          </Group>
          {q.error ? (
            <ErrorAlert error={q.error} />
          ) : (
            <Text size="sm" component="div">
              {q.detail}
            </Text>
          )}
        </Stack>
        <Group>
          <Button
            component={Link}
            to={q.to}
            variant={q.count > 0 ? 'filled' : 'default'}
            rightSection={<IconArrowRight size={16} />}
            data-testid="staff-queue-open"
          >
            {t(`${q.key}.open`)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
