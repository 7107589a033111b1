import '../dashboard-namespace';
import { ActionIcon, CopyButton, Group, Paper, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ShareLink } from '../../../components/share/share-link';
import { paths } from '../../../lib/paths';

export function invitationUrl(origin: string, code: string): string {
  return origin + paths.auth.register.href(code);
}

export function InvitationLink({ code }: { code: string }) {
  const { t } = useTranslation('dashboard');
  const url = invitationUrl(window.location.origin, code);
  return (
    <Paper withBorder p="lg" radius="lg">
      <Title order={2} size="h4" mb={4}>
        {t('invitation.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('invitation.help')}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          readOnly
          value={url}
          label={t('invitation.label')}
          style={{ flex: 1, minWidth: 0 }}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="dashboard-invitation-link"
        />
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('invitation.copied') : t('invitation.copy')} withArrow>
              <ActionIcon
                size="input-sm"
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : 'brand'}
                onClick={copy}
                aria-label={copied ? t('invitation.copied') : t('invitation.copy')}
                data-testid="dashboard-invitation-copy"
              >
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" mt="sm" mb="sm">
        {t('invitation.code', { code })}
      </Text>
      <ShareLink url={url} kind="invitation" fileName={`invitation-${code}`} testId="dashboard-invitation" />
    </Paper>
  );
}
