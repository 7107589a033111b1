import { Alert, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/auth/use-session';
import { chooseLanguage } from '../../lib/i18n/language';
import { useDescribeError } from '../../lib/i18n/messages';
import { isLanguage, LANGUAGES } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSaveNotificationPreferences } from './api/preferences';
import { DevicesList } from './components/devices-card';
import { PersonalDataCard } from './components/personal-data-card';
import { PasskeysCard } from './passkeys/passkeys-card';
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

/** /setting: language, notification channels, the devices signed in, and the member's personal data. */
export default function SettingsPage() {
  const { t, i18n } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  useDocumentTitle(t('title'));
  const describe = useDescribeError();
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const { user } = useSession();
  const save = useSaveNotificationPreferences();
  if (!user) return null;
  const prefs = user.notification_preferences ?? { email: false, sms: false };

  const toggle = (body: { notify_email?: boolean; notify_sms?: boolean }) =>
    save.mutate(body, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('notifications.saved') }),
    });

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
        <DevicesList lang={lang} />
      </Card>

      <PersonalDataCard lang={lang} />
    </Stack>
  );
}
