import '../dashboard-namespace';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MemberBrief, TeamOverview } from '@portal/contracts/network';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n/dates';
import type { Language } from '../../../lib/preferences';
import { MemberChip } from './member-chip';

/** One titled list of members, each with its own line of details under the name. */
function MemberList<T extends MemberBrief>({
  title,
  members,
  testId,
  details,
}: {
  title: string;
  members: T[];
  testId: string;
  details: (member: T) => ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="sm">
      <Text fw={600} size="sm">
        {title}
      </Text>
      {members.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('newMembers.none')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {members.map((m) => (
            <li key={m.id} data-testid={`${testId}-${m.id}`}>
              <MemberChip member={m}>
                <Group gap={6} wrap="wrap" mt={2}>
                  {details(m)}
                </Group>
              </MemberChip>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The newest members placed in my team and the newest who signed up with my invitation. */
export function NewMembers({ overview, lang }: { overview: TeamOverview; lang: Language }) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="lg" radius="lg" data-testid="dashboard-new-members">
      <Title order={2} size="h4" mb="md">
        {t('newMembers.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <MemberList
          title={t('newMembers.placed')}
          members={overview.newest_placed}
          testId="new-placed"
          details={(m) => (
            <>
              {m.side && (
                <Badge size="sm" variant="light" color={m.side === 'left' ? 'brand' : 'grape'}>
                  {t(`newMembers.side.${m.side}`)}
                </Badge>
              )}
              <Text size="xs" c="dimmed">
                {t('newMembers.placedOn', { date: formatDate(m.placed_at, lang) })}
              </Text>
            </>
          )}
        />
        <MemberList
          title={t('newMembers.referred')}
          members={overview.newest_referred}
          testId="new-referred"
          details={(m) => (
            <>
              <Badge size="sm" variant="light" color={m.is_placed ? 'teal' : 'orange'}>
                {m.is_placed ? t('newMembers.isPlaced') : t('newMembers.waiting')}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('newMembers.registeredOn', { date: formatDate(m.register_date, lang) })}
              </Text>
            </>
          )}
        />
      </SimpleGrid>
    </Paper>
  );
}
