import '../dashboard-namespace';
import { Alert, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import type { Language } from '../../../lib/preferences';
import { useNetworkMe, useTeamOverview, useTeamSummary } from '../api/team';
import { GrowthChart } from './growth-chart';
import { NewMembers } from './new-members';
import { TeamSummary } from './team-summary';
import { TeamWeek } from './team-week';

/** The dashboard's team widgets: this week, sizes and points per side, new members, growth by month. */
export function TeamWidgets({ lang }: { lang: Language }) {
  const { t } = useTranslation('dashboard');
  const me = useNetworkMe();
  const placed = me.data?.is_placed ?? false;
  const summary = useTeamSummary(placed);
  const overview = useTeamOverview(placed);

  if (me.isPending) return <Skeleton height={220} radius="lg" />;
  if (me.isError) return <ErrorAlert error={me.error} onRetry={() => void me.refetch()} />;
  if (!placed) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />}>
        {t('team.notPlaced')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <TeamWeek lang={lang} />
      {summary.isPending ? (
        <Skeleton height={220} radius="lg" />
      ) : summary.isError ? (
        <ErrorAlert error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <TeamSummary summary={summary.data} lang={lang} />
      )}
      {overview.isPending ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <Skeleton height={300} radius="lg" />
          <Skeleton height={300} radius="lg" />
        </SimpleGrid>
      ) : overview.isError ? (
        <ErrorAlert error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <GrowthChart growth={overview.data.growth} lang={lang} />
          <NewMembers overview={overview.data} lang={lang} />
        </>
      )}
    </Stack>
  );
}
