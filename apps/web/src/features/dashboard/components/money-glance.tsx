import '../dashboard-namespace';
import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/i18n/dates';
import { formatPoints } from '../../../lib/i18n/numbers';
import { paths } from '../../../lib/paths';
import type { Language } from '../../../lib/preferences';
import { useNextPayout, useNextPayoutHold } from '../api/money';

/**
 * What the member looks for first (issue 23, item 2): the income ready for the next payout, with its
 * day, and all the income still waiting. Both are sums of WAITING income lines
 * (report/income_current_summary: next_payout_gross, waiting_total), the wallet's figures too; why
 * the next payout would be held is the wallet's own answer.
 */
export function MoneyGlance({ lang }: { lang: Language }) {
  const { t } = useTranslation('dashboard');
  const next = useNextPayout();
  const held = useNextPayoutHold();
  const money = (value: string) => t('money.baht', { amount: formatPoints(value, lang) });

  return (
    <Paper
      p={{ base: 'sm', sm: 'md' }}
      radius="lg"
      bg="var(--mantine-color-brand-light)"
      data-testid="next-payout"
    >
      <Group justify="space-between" align="center" gap="xs" mb="xs" wrap="wrap">
        <Title order={2} size="h5">
          {t('glance.title')}
        </Title>
        <Anchor component={Link} to={paths.wallet.href()} size="sm">
          {t('money.toWallet')}
        </Anchor>
      </Group>
      {next.isError ? (
        <ErrorAlert error={next.error} onRetry={() => void next.refetch()} />
      ) : (
        // While the figures load the same lines stand, their values as placeholders, so nothing
        // below moves when they come (issue 24: layout shift).
        <SimpleGrid cols={2} spacing="sm" aria-busy={next.isPending}>
          <Stack gap={0} miw={0}>
            <Text size="sm" c="dimmed">
              {t('glance.available')}
            </Text>
            <Figure value={next.data && money(next.data.next_payout_gross)} testId="next-payout-amount" />
            <Text size="xs" c="dimmed">
              {t('glance.payoutDay')}{' '}
              <Text span inherit fw={600} data-testid="next-payout-date">
                {next.data ? formatDate(next.data.next_payout_date, lang, 'long') : '…'}
              </Text>
              {' · '}
              {t('glance.beforeTax')}
            </Text>
          </Stack>
          <Stack gap={0} miw={0}>
            <Text size="sm" c="dimmed">
              {t('glance.waiting')}
            </Text>
            <Figure value={next.data && money(next.data.waiting_total)} testId="glance-waiting" />
            <Text size="xs" c="dimmed">
              {t('glance.waitingHelp')}
            </Text>
          </Stack>
        </SimpleGrid>
      )}
      {/* One line under the figures, there from the first paint: why the payout would be held, else
          where it goes (a line that appeared later would push the page down). */}
      {held.isPending ? (
        <Skeleton height={20} width="60%" mt="xs" />
      ) : held.data ? (
        <Text size="sm" mt="xs" c="orange.9" data-testid="next-payout-held">
          {t(`money.held.${held.data}`)}
        </Text>
      ) : held.isSuccess ? (
        <Text size="sm" mt="xs" c="dimmed" data-testid="next-payout-to">
          {t('glance.paidTo')}
        </Text>
      ) : null}
    </Paper>
  );
}

/** A figure of the glance, or a placeholder of its height while it loads. */
function Figure({ value, testId }: { value: string | undefined; testId: string }) {
  if (value === undefined) return <Skeleton height={32} width="70%" my={1} />;
  return (
    <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
      {value}
    </Text>
  );
}
