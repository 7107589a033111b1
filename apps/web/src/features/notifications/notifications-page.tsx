import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLinks } from '../../components/ui/page-links';
import { PageLoader } from '../../components/ui/page-loader';
import { useSession } from '../../lib/auth/use-session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useMarkAllRead, useMarkRead, useNotifications } from './api/notifications';
import { NotificationItem } from './components/notification-item';
import { SuspendedCard } from './components/suspended-card';

export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { user } = useSession();
  const list = useNotifications(page);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const hasUnread = list.data?.items.some((item) => item.read_at === null) ?? false;

  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Button
          variant="light"
          leftSection={<IconChecks size={18} />}
          disabled={!hasUnread}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
          data-testid="notifications-mark-all"
        >
          {t('markAllRead')}
        </Button>
      </Group>
      {user && <SuspendedCard user={user} />}
      {(markRead.error || markAll.error) && <ErrorAlert error={markRead.error ?? markAll.error} />}
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Stack align="center" gap="xs" py="xl" c="dimmed">
          <IconBellOff size={40} />
          <Text>{t('empty')}</Text>
        </Stack>
      ) : (
        <>
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-busy={list.isPlaceholderData}
          >
            {list.data.items.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                reading={markRead.isPending && markRead.variables === item.id}
                onRead={() => markRead.mutate(item.id)}
              />
            ))}
          </Stack>
          <PageLinks page={page} total={list.data.pagination.last_page} onChange={goTo} />
        </>
      )}
    </Stack>
  );
}
