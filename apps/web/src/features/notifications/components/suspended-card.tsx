import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconUpload, IconMessageCircle } from '@tabler/icons-react';
import type { User } from '@portal/contracts/identity';
import { suspensionKind } from '@portal/contracts/suspension';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * What a suspended member lands on (issue 23, item 6): why in a few words, the suspension's own
 * message whole (it wraps, never cut), and the one button that leads out: the documents to upload
 * for a KYC suspension, else the company's contact page.
 */
export function SuspendedCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation('notifications');
  const entry = user.member?.suspension?.[0];
  const kind = suspensionKind(user.member?.suspension);
  if (!entry || kind === 'none') return null;
  // A KYC suspension is lifted by finishing KYC: its documents are the way out (decision 012).
  const kyc = kind === 'kyc';
  const message =
    i18n.language === 'th' ? entry.message_th || entry.message : entry.message || entry.message_th;
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      data-testid="suspended-card"
      role="region"
      aria-labelledby="suspended-title"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="red" variant="light" size="lg" radius="xl" aria-hidden>
            <IconLock size={20} />
          </ThemeIcon>
          <Title order={2} size="h4" id="suspended-title" style={{ overflowWrap: 'anywhere' }}>
            {t('suspended.title')}
          </Title>
        </Group>
        {message && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="suspended-message">
            {message}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {kyc ? t('suspended.kyc') : t('suspended.other')}
        </Text>
        <Button
          component={Link}
          to={kyc ? paths.profileDocuments.href() : paths.contact.href()}
          leftSection={kyc ? <IconUpload size={18} /> : <IconMessageCircle size={18} />}
          fullWidth
          size="md"
          data-testid="suspended-action"
        >
          {kyc ? t('suspended.upload') : t('suspended.contact')}
        </Button>
      </Stack>
    </Card>
  );
}
