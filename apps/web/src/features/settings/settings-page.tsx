import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import type { SessionInfo } from '@portal/contracts/identity';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { useSession } from '../../lib/auth/use-session';
import { formatDate } from '../../lib/i18n/dates';
import { chooseLanguage } from '../../lib/i18n/language';
import { useDescribeError } from '../../lib/i18n/messages';
import { paths } from '../../lib/paths';
import { isLanguage, LANGUAGES, type Language } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSaveNotificationPreferences } from './api/preferences';
import { useSessions, useSignOutSession } from './api/sessions';
import { PersonalDataCard } from './components/personal-data-card';
import { PasskeysCard } from './passkeys/passkeys-card';
import { deviceLabel, summariseUserAgent } from './model/user-agent';
import './settings-namespace';

function Card({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" component="section" data-testid={testId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

function Device({ session, lang }: { session: SessionInfo; lang: Language }) {
  const { t } = useTranslation('settings');
  const describe = useDescribeError();
  const navigate = useNavigate();
  const signOut = useSignOutSession();
  const label = deviceLabel(session.user_agent) ?? t('devices.unknown');
  const mobile = summariseUserAgent(session.user_agent).mobile;
  const Icon = mobile ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Paper withBorder p="md" radius="md" data-testid="device" data-current={session.current}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color={session.current ? 'brand' : 'gray'}>
          <Icon size={22} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} title={session.user_agent ?? undefined}>
              {label}
            </Text>
            {session.current && (
              <Badge size="sm" color="brand" variant="light" data-testid="device-current">
                {t('devices.current')}
              </Badge>
            )}
          </Group>
          {session.ip && (
            <Text size="sm" c="dimmed">
              {t('devices.ip', { ip: session.ip })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('devices.signedIn', { date: formatDate(session.signed_in_at, lang, 'dateTime') })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('devices.lastActive', { date: formatDate(session.last_active_at, lang, 'dateTime') })}
          </Text>
          {signOut.error && (
            <Text size="sm" c="red" role="alert">
              {describe(signOut.error)}
            </Text>
          )}
        </Stack>
      </Group>
      <Group justify="flex-end" mt="xs">
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconLogout size={14} />}
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
          {session.current ? t('devices.signOutCurrent') : t('devices.signOut')}
        </Button>
      </Group>
    </Paper>
  );
}

/** /setting: language, notification channels, the devices signed in, and the member's personal data. */
export default function SettingsPage() {
  const { t, i18n } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  useDocumentTitle(t('title'));
  const describe = useDescribeError();
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const { user } = useSession();
  const save = useSaveNotificationPreferences();
  const sessions = useSessions();
  if (!user) return null;
  const prefs = user.notification_preferences ?? { email: false, sms: false };

  const toggle = (body: { notify_email?: boolean; notify_sms?: boolean }) =>
    save.mutate(body, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('notifications.saved') }),
    });

  const list = sessions.data ?? [];
  const sorted = [...list].sort((a, b) => Number(b.current) - Number(a.current));

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>

      <Card title={t('language.title')} description={t('language.description')} testId="settings-language">
        <SegmentedControl
          value={lang}
          onChange={(v) => {
            if (isLanguage(v)) {
              chooseLanguage(v);
              notifications.show({ color: 'teal', message: i18n.getFixedT(v, 'settings')('language.saved') });
            }
          }}
          data={LANGUAGES.map((l) => ({ value: l, label: tc(`language.${l}`) }))}
          style={{ alignSelf: 'flex-start' }}
          data-testid="settings-language-control"
        />
      </Card>

      <Card
        title={t('notifications.title')}
        description={t('notifications.description')}
        testId="settings-notifications"
      >
        {save.error && (
          <Alert color="red" variant="light" role="alert">
            {describe(save.error)}
          </Alert>
        )}
        <Switch
          checked={prefs.email}
          onChange={(e) => toggle({ notify_email: e.currentTarget.checked })}
          disabled={save.isPending}
          label={t('notifications.email')}
          description={t('notifications.emailTo', { email: user.email })}
          data-testid="settings-notify-email"
        />
        <Switch
          checked={prefs.sms}
          onChange={(e) => toggle({ notify_sms: e.currentTarget.checked })}
          disabled={save.isPending}
          label={t('notifications.sms')}
          description={t('notifications.smsTo', { mobile: user.mobile })}
          data-testid="settings-notify-sms"
        />
      </Card>

      <PasskeysCard />

      <Card title={t('devices.title')} description={t('devices.description')} testId="settings-devices">
        {sessions.error ? (
          <ErrorAlert error={sessions.error} onRetry={() => void sessions.refetch()} />
        ) : sessions.isPending ? (
          <Skeleton height={96} radius="md" />
        ) : (
          <Stack gap="sm">
            {sorted.map((s) => (
              <Device key={s.id} session={s} lang={lang} />
            ))}
            {sorted.length <= 1 && (
              <Text size="sm" c="dimmed">
                {t('devices.empty')}
              </Text>
            )}
          </Stack>
        )}
      </Card>

      <PersonalDataCard lang={lang} />
    </Stack>
  );
}
