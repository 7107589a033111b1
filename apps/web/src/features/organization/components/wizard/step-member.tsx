import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PlaceableMember } from '@portal/contracts/network';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/i18n/dates';
import type { Language } from '../../../../lib/preferences';
import { fullName } from '../../model/format';
import { MemberAvatar } from '../member-avatar';

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Step 2: the chosen member's summary, to check it is the right person. */
export function StepMember({ member, lang }: { member: PlaceableMember; lang: Language }) {
  const { t } = useTranslation('organization');
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('wizard.member.help')}
      </Text>
      <Paper withBorder radius="md" p="md" data-testid="wizard-member-summary">
        <Group gap="md" wrap="nowrap" align="flex-start" mb="sm">
          <MemberAvatar member={member} size={56} />
          <Stack gap={0} miw={0}>
            <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {fullName(member)}
            </Text>
            <Text c="dimmed">{member.member_code}</Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Row label={t('wizard.member.email')}>{member.email}</Row>
          <Row label={t('wizard.member.mobile')}>{member.phone_number}</Row>
          <Row label={t('wizard.member.referrer')}>
            {member.referrer
              ? `${fullName(member.referrer)} (${member.referrer.member_code})`
              : t('wizard.search.noReferrer')}
          </Row>
          <Row label={t('wizard.member.registered')}>{formatDate(member.register_date, lang, 'long')}</Row>
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
