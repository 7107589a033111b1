import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TeamOverview } from '@portal/contracts/network';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n/dates';
import type { Language } from '../../../lib/preferences';
import { MemberChip } from './member-chip';

/** The newest members placed in my team and the newest who signed up with my invitation. */
export function NewMembers({ overview, lang }: { overview: TeamOverview; lang: Language }) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="lg" radius="lg" data-testid="dashboard-new-members">
      <Title order={2} size="h4" mb="md">
        {t('newMembers.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('newMembers.placed')}
          </Text>
          {overview.newest_placed.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('newMembers.none')}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {overview.newest_placed.map((m) => (
                <li key={m.id} data-testid={`new-placed-${m.id}`}>
                  <MemberChip member={m}>
                    <Group gap={6} wrap="wrap" mt={2}>
                      {m.side && (
                        <Badge size="sm" variant="light" color={m.side === 'left' ? 'brand' : 'grape'}>
                          {t(`newMembers.side.${m.side}`)}
                        </Badge>
                      )}
                      <Text size="xs" c="dimmed">
                        {t('newMembers.placedOn', { date: formatDate(m.placed_at, lang) })}
                      </Text>
                    </Group>
                  </MemberChip>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {t('newMembers.referred')}
          </Text>
          {overview.newest_referred.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('newMembers.none')}
            </Text>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {overview.newest_referred.map((m) => (
                <li key={m.id} data-testid={`new-referred-${m.id}`}>
                  <MemberChip member={m}>
                    <Group gap={6} wrap="wrap" mt={2}>
                      <Badge size="sm" variant="light" color={m.is_placed ? 'teal' : 'orange'}>
                        {m.is_placed ? t('newMembers.isPlaced') : t('newMembers.waiting')}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {t('newMembers.registeredOn', { date: formatDate(m.register_date, lang) })}
                      </Text>
                    </Group>
                  </MemberChip>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
