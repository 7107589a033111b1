import '../dashboard-namespace';
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/i18n/dates';
import { formatCount } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { useTeamWeek } from '../api/team';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * This business week in the team (GET member_downline/week): members placed below me, signed up
 * with my invitation, and my downline's paid orders with their PV.
 */
export function TeamWeek({ lang }: { lang: Language }) {
  const { t } = useTranslation('dashboard');
  const week = useTeamWeek(true);
  return (
    <Paper withBorder p="lg" radius="lg" data-testid="team-week">
      <Title order={2} size="h4">
        {t('teamWeek.title')}
      </Title>
      {week.isPending ? (
        <Skeleton height={64} mt="sm" />
      ) : week.isError ? (
        <ErrorAlert error={week.error} onRetry={() => void week.refetch()} />
      ) : (
        <>
          <Text size="xs" c="dimmed" mb="sm" data-testid="team-week-range">
            {t('money.range', { from: formatDate(week.data.from, lang), to: formatDate(week.data.to, lang) })}
          </Text>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <Stat
              label={t('teamWeek.placed')}
              value={formatCount(week.data.placed, lang)}
              testId="team-week-placed"
            />
            <Stat
              label={t('teamWeek.referred')}
              value={formatCount(week.data.referred, lang)}
              testId="team-week-referred"
            />
            <Stat
              label={t('teamWeek.orders')}
              value={formatCount(week.data.orders, lang)}
              testId="team-week-orders"
            />
            <Stat label={t('teamWeek.pv')} value={formatCount(week.data.pv, lang)} testId="team-week-pv" />
          </SimpleGrid>
        </>
      )}
    </Paper>
  );
}
