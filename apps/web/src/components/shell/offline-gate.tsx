import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/use-online';

/**
 * While the browser is offline the content is replaced by the spec's message: in the signed-in
 * shell, the sign-in pages' card and the public pages (its texts are bundled, `common`).
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const online = useOnline();
  if (online) return <>{children}</>;
  return (
    <Center mih={320} role="alert" data-testid="offline-message">
      <Stack align="center" gap="sm" ta="center" maw={420}>
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconWifiOff size={36} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('offline.title')}
        </Title>
        <Text c="dimmed">{t('offline.message')}</Text>
      </Stack>
    </Center>
  );
}
