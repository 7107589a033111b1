import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Notification } from '@portal/contracts/identity';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n/dates';
import { isLanguage } from '../../../lib/preferences';

export function NotificationItem({
  item,
  onRead,
  reading,
}: {
  item: Notification;
  onRead: () => void;
  reading: boolean;
}) {
  const { t, i18n } = useTranslation('notifications');
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const unread = item.read_at === null;
  const title = lang === 'th' ? item.title_th || item.title : item.title || item.title_th;
  const body = lang === 'th' ? item.body_th || item.body : item.body || item.body_th;

  return (
    <Paper
      component="li"
      withBorder
      p="md"
      radius="md"
      bg={unread ? 'var(--mantine-color-brand-light)' : undefined}
      data-testid="notification-item"
      data-unread={unread}
      aria-label={unread ? t('unreadItem', { title }) : title}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
            {unread && (
              <Badge size="sm" color="brand" variant="filled">
                {t('new')}
              </Badge>
            )}
            <Text fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDate(item.created_at, lang, 'dateTime')}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {body}
        </Text>
        {unread && (
          <Group justify="flex-end">
            <Button
              size="compact-sm"
              variant="subtle"
              loading={reading}
              onClick={onRead}
              data-testid="notification-mark-read"
            >
              {t('markRead')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
