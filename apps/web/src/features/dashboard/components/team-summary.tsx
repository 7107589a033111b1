import '../dashboard-namespace';
import { Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBinaryTree2 } from '@tabler/icons-react';
import type { DownlineSummary } from '@portal/contracts/network';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount, formatPoints } from '../../../lib/i18n/numbers';
import { paths } from '../../../lib/paths';
import type { Language } from '../../../lib/preferences';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Team sizes and points per side (points are decimal strings: formatted, never computed). */
export function TeamSummary({ summary, lang }: { summary: DownlineSummary; lang: Language }) {
  const { t } = useTranslation('dashboard');
  const total = summary.left_team + summary.right_team;
  const leftShare = total > 0 ? (summary.left_team / total) * 100 : 50;
  return (
    <Paper withBorder p="lg" radius="lg" data-testid="dashboard-team">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="md">
        <Title order={2} size="h4">
          {t('team.title')}
        </Title>
        <Button
          component={Link}
          to={paths.organization.href()}
          variant="light"
          size="xs"
          leftSection={<IconBinaryTree2 size={16} />}
        >
          {summary.can_add_team && summary.waiting_to_place > 0
            ? t('team.place', { count: summary.waiting_to_place })
            : t('team.open')}
        </Button>
      </Group>
      <SimpleGrid cols={3} spacing="md" mb="md">
        <Stat label={t('team.total')} value={formatCount(summary.total_team, lang)} testId="team-total" />
        <Stat label={t('team.left')} value={formatCount(summary.left_team, lang)} testId="team-left" />
        <Stat label={t('team.right')} value={formatCount(summary.right_team, lang)} testId="team-right" />
      </SimpleGrid>
      <Stack gap={4} mb="md">
        <Progress.Root size="md" radius="xl" aria-hidden="true">
          <Progress.Section value={leftShare} color="brand" />
          <Progress.Section value={100 - leftShare} color="grape" />
        </Progress.Root>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('team.leftShare', { percent: Math.round(leftShare) })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('team.rightShare', { percent: 100 - Math.round(leftShare) })}
          </Text>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Stat
          label={t('team.leftPoints')}
          value={formatPoints(summary.left_points, lang)}
          testId="team-left-points"
        />
        <Stat
          label={t('team.rightPoints')}
          value={formatPoints(summary.right_points, lang)}
          testId="team-right-points"
        />
        <Stat
          label={t('team.direct')}
          value={formatCount(summary.direct_referrals, lang)}
          testId="team-direct"
        />
        <Stat
          label={t('team.waiting')}
          value={formatCount(summary.waiting_to_place, lang)}
          testId="team-waiting"
        />
      </SimpleGrid>
    </Paper>
  );
}
