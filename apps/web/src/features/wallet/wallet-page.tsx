import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { Wallet } from '@portal/contracts/wallet';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useWallet } from './api';
import { useFormat } from '../../lib/i18n/use-format';
import { Amount, LinesTable, PayoutsTable } from './wallet-tables';
import './wallet-namespace';

/** One figure of the wallet: its name, its amount and what it sums. */
function Figure({ id, label, value, what }: { id: string; label: string; value: string; what: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={`wallet-${id}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Amount value={value} size="xl" fw={700} data-testid={`wallet-${id}-amount`} />
      <Text size="xs" c="dimmed" mt={4}>
        {what}
      </Text>
    </Card>
  );
}

/** What the next payout would pay, or why it would not (plan 6). */
function NextPayout({ next }: { next: Wallet['next_payout'] }) {
  const { t } = useTranslation('wallet');
  const f = useFormat();
  const held = next.held_reason;
  const row = (key: 'gross' | 'wht' | 'pointPart' | 'fee' | 'net', value: string, strong = false) => (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start" data-testid={`next-${key}`}>
      <Text size="sm" fw={strong ? 600 : undefined}>
        {t(`next.${key}`)}
      </Text>
      <Amount value={value} fw={strong ? 700 : undefined} style={{ flexShrink: 0 }} />
    </Group>
  );
  return (
    <Card withBorder radius="md" padding="md" data-testid="wallet-next" data-held={held ?? ''}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Title order={2} size="h3">
              {t('next.title')}
            </Title>
            <Text fw={600} data-testid="next-date">
              {f.longDay(next.date)}
            </Text>
          </Stack>
          <Badge
            color={held === null ? 'teal' : held === 'NOTHING_TO_PAY' ? 'gray' : 'orange'}
            variant="light"
            size="lg"
            leftSection={held === null ? <IconCircleCheck size={14} /> : undefined}
            data-testid="next-status"
          >
            {held === null ? t('next.willPay') : t(`next.heldShort.${held}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('next.linesUpTo', { date: f.longDay(next.lines_up_to), count: next.lines })}
        </Text>
        <Stack gap={6} maw={520}>
          {row('gross', next.gross)}
          {row('wht', next.wht.startsWith('-') || next.wht === '0.00' ? next.wht : `-${next.wht}`)}
          {row('pointPart', next.point_part === '0.00' ? next.point_part : `-${next.point_part}`)}
          {next.fee !== '0.00' && row('fee', `-${next.fee}`)}
          {row('net', next.net, true)}
        </Stack>
        {held !== null && (
          <Alert
            color={held === 'NOTHING_TO_PAY' ? 'gray' : 'orange'}
            icon={<IconAlertTriangle size={18} />}
            data-testid="next-held"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t(`next.held.${held}`, { min: f.money(next.min_payout) })}</Text>
              {held === 'KYC' && (
                <Button component={Link} to={paths.profile.href('kyc')} size="xs" variant="light">
                  {t('next.fixKyc')}
                </Button>
              )}
              {held === 'NO_BANK_ACCOUNT' && (
                <Button component={Link} to={paths.profile.href('bank')} size="xs" variant="light">
                  {t('next.fixBank')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/**
 * /wallet (issue 18): income waiting and paid, the next payout (its date, what it would pay and why
 * it would not), every payout with the account it went to, and every income line with its report.
 */
export default function WalletPage() {
  const { t } = useTranslation('wallet');
  useDocumentTitle(t('title'));
  const f = useFormat();
  const wallet = useWallet();
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>
      {wallet.isPending ? (
        <PageLoader />
      ) : wallet.isError ? (
        <ErrorAlert error={wallet.error} onRetry={() => void wallet.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <Figure
              id="waiting"
              label={t('figures.waiting')}
              value={wallet.data.waiting}
              what={t('figures.waitingWhat')}
            />
            <Figure
              id="paid-total"
              label={t('figures.paidTotal')}
              value={wallet.data.paid_total}
              what={t('figures.paidTotalWhat')}
            />
            <Figure
              id="paid-month"
              label={t('figures.paidThisMonth')}
              value={wallet.data.paid_this_month}
              what={t('figures.paidThisMonthWhat', { month: f.month(wallet.data.month_from) })}
            />
          </SimpleGrid>
          <NextPayout next={wallet.data.next_payout} />
        </>
      )}
      <PayoutsTable />
      <LinesTable />
    </Stack>
  );
}
