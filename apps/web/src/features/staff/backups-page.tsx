import { Alert, Badge, Code, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { BackupStatus } from '@portal/contracts/operations';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { useFormat } from '../../lib/i18n/use-format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useBackupStatus } from './api/backups';
import { backupHealth, sizeText } from './model/backup-health';
import './staff-namespace';

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <Paper withBorder p="md" radius="lg" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

function Health({ s }: { s: BackupStatus }) {
  const { t } = useTranslation('staff');
  const f = useFormat();
  const health = backupHealth(s);
  if (health === 'stale' || health === 'failing')
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="backup-warning">
        {health === 'stale'
          ? t('backups.stale', { at: f.instant(s.last_success?.at) })
          : t('backups.failing', { message: s.last_failure?.message ?? '' })}
      </Alert>
    );
  return (
    <Alert
      color={health === 'ok' ? 'green' : 'gray'}
      icon={health === 'ok' ? <IconCircleCheck size={18} /> : undefined}
      data-testid="backup-health"
    >
      {t(`backups.health.${health}`, { keep: s.keep })}
    </Alert>
  );
}

/** /staff/backups: the nightly backup of the database and the uploads (decision 035), for an operator. */
export default function BackupsPage() {
  const { t, i18n } = useTranslation('staff');
  useDocumentTitle(t('backups.title'));
  const f = useFormat();
  const status = useBackupStatus();
  const s = status.data;

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('backups.title')}
        </Title>
        <Text c="dimmed">{t('backups.subtitle')}</Text>
      </Stack>
      {status.isPending ? (
        <PageLoader />
      ) : status.isError ? (
        <ErrorAlert error={status.error} onRetry={() => void status.refetch()} />
      ) : s ? (
        <>
          <Health s={s} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Fact label={t('backups.nightly')} testId="backup-nightly">
              <Badge color={s.nightly ? 'green' : 'gray'} variant="light">
                {s.nightly ? t('backups.on') : t('backups.off')}
              </Badge>
              <Text size="sm">{t('backups.keeps', { count: s.keep })}</Text>
            </Fact>
            <Fact label={t('backups.lastSuccess')} testId="backup-last-success">
              {s.last_success ? (
                <>
                  <Text fw={600}>{f.instant(s.last_success.at)}</Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {s.last_success.file} · {sizeText(s.last_success.bytes, i18n.language)}
                  </Text>
                </>
              ) : (
                <Text>{t('backups.never')}</Text>
              )}
            </Fact>
            <Fact label={t('backups.lastFailure')} testId="backup-last-failure">
              {s.last_failure ? (
                <>
                  <Text fw={600}>{f.instant(s.last_failure.at)}</Text>
                  <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                    {s.last_failure.message}
                  </Text>
                </>
              ) : (
                <Text>{t('backups.noFailure')}</Text>
              )}
            </Fact>
          </SimpleGrid>
          <Paper withBorder p="md" radius="lg">
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('backups.archives', { count: s.archives.length })}
              </Title>
              {s.archives.length ? (
                <List size="sm" data-testid="backup-archives">
                  {s.archives.map((name) => (
                    <List.Item key={name} style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('backups.noArchives')}
                </Text>
              )}
              <Text size="sm">
                {t('backups.restore')} <Code>npm run restore -- FILE</Code>
              </Text>
            </Stack>
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}
