import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCloudDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { OfflineGate } from '../components/shell/offline-gate';
import { isChunkLoadError } from './lazy';
import NotFoundPage from './not-found-page';

/** The root error boundary: a page chunk that failed to load, a 404, or an unexpected crash. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const chunk = isChunkLoadError(error);
  if (!chunk && import.meta.env.DEV) console.error(error);
  const message = (
    <Stack
      align="center"
      gap="md"
      ta="center"
      maw={440}
      role="alert"
      data-testid={chunk ? 'load-error' : 'app-error'}
    >
      <ThemeIcon size={64} radius="xl" variant="light" color={chunk ? 'blue' : 'red'}>
        {chunk ? <IconCloudDownload size={36} /> : <IconAlertTriangle size={36} />}
      </ThemeIcon>
      <Title order={1} size="h2">
        {chunk ? t('loadError.title') : t('crash.title')}
      </Title>
      <Text c="dimmed">{chunk ? t('loadError.message') : t('crash.message')}</Text>
      {/* A full reload also picks up a new deployment whose chunk names changed. */}
      <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
    </Stack>
  );
  return (
    <Center mih="100dvh" p="md" component="main">
      {/* A page whose code is not cached yet cannot load offline: the spec's offline message says
          why, until the connection is back (the service worker keeps only the shell, issue 24). */}
      {chunk ? <OfflineGate>{message}</OfflineGate> : message}
    </Center>
  );
}
