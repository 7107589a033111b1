import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import type { SessionInfo } from '@portal/contracts/identity';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/i18n/dates';
import { useDescribeError } from '../../../lib/i18n/messages';
import { paths } from '../../../lib/paths';
import type { Language } from '../../../lib/preferences';
import { useSessions, useSignOutOtherSessions, useSignOutSession } from '../api/sessions';
import { orderDevices, visibleDevices } from '../model/devices';
import { deviceLabel, summariseUserAgent } from '../model/user-agent';

/** One device as one line: what it is, when it was last used, and a button to sign it out. */
function DeviceRow({ session, lang }: { session: SessionInfo; lang: Language }) {
  const { t } = useTranslation('settings');
  const describe = useDescribeError();
  const navigate = useNavigate();
  const signOut = useSignOutSession();
  const label = deviceLabel(session.user_agent) ?? t('devices.unknown');
  const Icon = summariseUserAgent(session.user_agent).mobile ? IconDeviceMobile : IconDeviceDesktop;
  const action = session.current ? t('devices.signOutCurrent') : t('devices.signOutOne', { device: label });
  const details = [
    t('devices.lastActive', { date: formatDate(session.last_active_at, lang, 'dateTime') }),
    session.ip ? t('devices.ip', { ip: session.ip }) : null,
  ].filter(Boolean);
  return (
    <Group gap="sm" wrap="nowrap" py={6} data-testid="device" data-current={session.current}>
      <ThemeIcon size={32} radius="md" variant="light" color={session.current ? 'brand' : 'gray'}>
        <Icon size={18} />
      </ThemeIcon>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate title={session.user_agent ?? undefined}>
            {label}
          </Text>
          {session.current && (
            <Badge
              size="xs"
              color="brand"
              variant="light"
              style={{ flexShrink: 0 }}
              data-testid="device-current"
            >
              {t('devices.current')}
            </Badge>
          )}
        </Group>
        <Text
          size="xs"
          c="dimmed"
          title={t('devices.signedIn', { date: formatDate(session.signed_in_at, lang, 'dateTime') })}
        >
          {details.join(' · ')}
        </Text>
        {signOut.error && (
          <Text size="xs" c="red" role="alert">
            {describe(signOut.error)}
          </Text>
        )}
      </Stack>
      <Tooltip label={action} withinPortal>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={action}
          loading={signOut.isPending}
          data-testid="device-sign-out"
          onClick={() => {
            // Signing out here is the ordinary logout: it revokes this session and clears the browser.
            if (session.current) {
              void navigate(paths.auth.logout.href());
              return;
            }
            signOut.mutate(session.id, {
              onSuccess: () => notifications.show({ color: 'teal', message: t('devices.signedOut') }),
            });
          }}
        >
          <IconLogout size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * The devices signed in, one line each (this one first, five before "show all"), and "sign out all
 * other devices" behind a confirmation.
 */
export function DevicesList({ lang }: { lang: Language }) {
  const { t } = useTranslation('settings');
  const describe = useDescribeError();
  const sessions = useSessions();
  const signOutOthers = useSignOutOtherSessions();
  const [expanded, setExpanded] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (sessions.error) return <ErrorAlert error={sessions.error} onRetry={() => void sessions.refetch()} />;
  if (sessions.isPending) return <Skeleton height={96} radius="md" />;

  const ordered = orderDevices(sessions.data);
  const others = ordered.filter((s) => !s.current).length;
  const { shown, hidden } = visibleDevices(ordered, expanded);

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" px="sm" py={4} data-testid="device-list">
        {shown.map((s, i) => (
          <Fragment key={s.id}>
            {i > 0 && <Divider />}
            <DeviceRow session={s} lang={lang} />
          </Fragment>
        ))}
      </Paper>
      {hidden > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setExpanded(true)}
          data-testid="devices-show-all"
        >
          {t('devices.showAll', { count: ordered.length })}
        </Button>
      )}
      {others === 0 ? (
        <Text size="sm" c="dimmed">
          {t('devices.empty')}
        </Text>
      ) : (
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} />}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          onClick={() => setConfirming(true)}
          data-testid="devices-sign-out-others"
        >
          {t('devices.signOutOthers', { count: others })}
        </Button>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('devices.confirmTitle')}
        centered
        data-testid="devices-confirm"
      >
        <Stack gap="md">
          <Text size="sm">{t('devices.confirmBody', { count: others })}</Text>
          {signOutOthers.error && (
            <Text size="sm" c="red" role="alert">
              {describe(signOutOthers.error)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('devices.cancel')}
            </Button>
            <Button
              color="red"
              loading={signOutOthers.isPending}
              data-testid="devices-confirm-sign-out"
              onClick={() =>
                signOutOthers.mutate(undefined, {
                  onSuccess: (answer) => {
                    setConfirming(false);
                    notifications.show({
                      color: 'teal',
                      message: t('devices.signedOutOthers', { count: answer.signed_out }),
                    });
                  },
                })
              }
            >
              {t('devices.confirmButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
