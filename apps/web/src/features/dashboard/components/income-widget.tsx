import '../dashboard-namespace';
import { Divider, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { IncomeSummary } from '@portal/contracts/income-reports';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/i18n/dates';
import { formatPoints } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { useIncome } from '../api/money';
import type { Period } from '../model/standing';

type PeriodKey = 'week' | 'month' | 'all';

function Amount({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
      {/* A long label wraps beside the amount; the amount keeps its line up to 60% of the card. */}
      <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 0 }}>
        {label}
      </Text>
      <Text fw={700} ta="right" maw="60%" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

function PeriodCard({
  which,
  period,
  income,
  lang,
}: {
  which: PeriodKey;
  period: Period | null;
  income: UseQueryResult<IncomeSummary>;
  lang: Language;
}) {
  const { t } = useTranslation('dashboard');
  const money = (value: string) => t('money.baht', { amount: formatPoints(value, lang) });
  return (
    <Paper withBorder p="md" radius="md" data-testid={`income-${which}`}>
      <Stack gap={6}>
        <div>
          <Text fw={600}>{t(`money.period.${which}`)}</Text>
          <Text size="xs" c="dimmed">
            {period
              ? t('money.range', { from: formatDate(period.from, lang), to: formatDate(period.to, lang) })
              : t('money.allTime')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('money.byIncomeDate')}
          </Text>
        </div>
        {/* Until the business date is known, a week or month card would read the all-time query. */}
        {income.isPending || (which !== 'all' && !period) ? (
          <Skeleton height={48} />
        ) : income.isError ? (
          <ErrorAlert error={income.error} onRetry={() => void income.refetch()} />
        ) : (
          <>
            <Amount
              label={t('money.earned')}
              value={money(income.data.amount)}
              testId={`income-${which}-earned`}
            />
            <Amount
              label={t('money.waiting')}
              value={money(income.data.waiting)}
              testId={`income-${which}-waiting`}
            />
            <Amount label={t('money.paid')} value={money(income.data.paid)} testId={`income-${which}-paid`} />
            <Divider my={2} />
            <Amount
              label={t('money.paidOut')}
              value={money(income.data.payouts.gross)}
              testId={`income-${which}-paid-out`}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Income earned, waiting and paid (by income date) this week, this month and in all, and what the
 * payout runs of each period paid out (by payout date) (decision 021). The next payout leads the
 * dashboard (money-glance.tsx).
 */
export function IncomeWidget({
  periods,
  lang,
}: {
  periods: { week: Period; month: Period } | null;
  lang: Language;
}) {
  const { t } = useTranslation('dashboard');
  const week = useIncome(periods?.week ?? null, periods !== null);
  const month = useIncome(periods?.month ?? null, periods !== null);
  const all = useIncome(null);

  return (
    <Paper withBorder p="lg" radius="lg" data-testid="dashboard-income">
      <Title order={2} size="h4" mb="md">
        {t('money.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <PeriodCard which="week" period={periods?.week ?? null} income={week} lang={lang} />
        <PeriodCard which="month" period={periods?.month ?? null} income={month} lang={lang} />
        <PeriodCard which="all" period={null} income={all} lang={lang} />
      </SimpleGrid>
    </Paper>
  );
}
