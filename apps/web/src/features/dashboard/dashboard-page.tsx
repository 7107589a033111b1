import './dashboard-namespace';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/auth/use-session';
import { formatDate } from '../../lib/i18n/dates';
import { isLanguage } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FirstSteps } from './components/first-steps';
import { InvitationLink } from './components/invitation-link';
import { MoneyGlance } from './components/money-glance';
import { MoneyWidgets } from './components/money-widgets';
import { TeamWidgets } from './components/team-widgets';
import { VerificationStatus } from './components/verification-status';
import { INVITATION_ANCHOR } from './model/first-steps';

export default function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  useDocumentTitle(t('title'));
  const { user } = useSession();
  if (!user) return null;
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const name = `${user.first_name} ${user.last_name}`.trim();
  const memberCode = user.member?.memberCode;

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('greeting', { name: user.first_name || name })}
        </Title>
        {/* On a phone the first screen is for the money and the to-do. */}
        <Text c="dimmed" visibleFrom="sm">
          {t('welcome')}
        </Text>
      </Stack>
      {/* What matters first (issue 23, item 2): the money ready and waiting, then what to do next. */}
      {user.member && <MoneyGlance lang={lang} />}
      {user.member && <FirstSteps user={user} />}
      <Paper withBorder p="lg" radius="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('memberName')}
            </Text>
            <Text fw={600}>{name}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('memberCode')}
            </Text>
            <Text fw={600} data-testid="dashboard-member-code">
              {memberCode ?? t('noMemberCode')}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('memberSince')}
            </Text>
            <Text fw={600}>{formatDate(user.created_at, lang, 'long')}</Text>
          </Stack>
        </SimpleGrid>
      </Paper>
      {/* Money, team, KYC and invitations belong to members; a staff account has no member record. */}
      {user.member && <MoneyWidgets lang={lang} />}
      {user.member && <TeamWidgets lang={lang} />}
      {user.member && <VerificationStatus user={user} />}
      {user.member && user.invitation_code && (
        <div id={INVITATION_ANCHOR} style={{ scrollMarginTop: 72 }}>
          <InvitationLink code={user.invitation_code} />
        </div>
      )}
    </Stack>
  );
}
