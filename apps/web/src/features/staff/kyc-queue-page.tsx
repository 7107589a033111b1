import {
  Avatar,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { KYC_STATUSES } from '@portal/contracts/kyc';
import type { KycQueueItem } from '@portal/contracts/staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLinks } from '../../components/ui/page-links';
import { PageLoader } from '../../components/ui/page-loader';
import { formatDate } from '../../lib/i18n/dates';
import { paths } from '../../lib/paths';
import { isLanguage, type Language } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ItemStatusBadge, KycStatusBadge } from '../../components/kyc/status-badge';
import { useKycQueue } from './api/kyc-queue';
import { parseQueueParams, queueSearch } from './model/queue-params';
import './staff-namespace';

function QueueRow({ item, lang }: { item: KycQueueItem; lang: Language }) {
  const { t } = useTranslation(['staff', 'profile']);
  const name = `${item.first_name} ${item.last_name}`.trim();
  // The link's name is the card's own text, as a reader and a voice command see it (WCAG 2.5.3).
  return (
    <UnstyledButton
      component={Link}
      to={paths.staffKycCase.href(item.member_id)}
      data-testid="kyc-queue-item"
      data-member={item.member_id}
      style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Paper withBorder p="md" radius="md">
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Avatar src={item.avatar_thumbnail} radius="xl" size={44} alt="">
            {item.first_name.slice(0, 1)}
          </Avatar>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {item.member_code} · {item.email} · {item.mobile}
                </Text>
              </Stack>
              <KycStatusBadge status={item.status} />
            </Group>
            <Group gap="md" wrap="wrap">
              <Group gap={6} wrap="nowrap">
                <Text size="sm">{t('profile:kyc.identity')}</Text>
                <ItemStatusBadge status={item.identity_status} />
              </Group>
              <Group gap={6} wrap="nowrap">
                <Text size="sm">{t('profile:kyc.bank')}</Text>
                <ItemStatusBadge status={item.bank_status} />
              </Group>
            </Group>
            {item.name_mismatch && (
              <Text size="sm" c="orange.8" data-testid="kyc-queue-mismatch">
                <IconAlertTriangle size={14} style={{ verticalAlign: 'text-bottom' }} />{' '}
                {t('queue.nameMismatch')}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {item.submitted_at
                ? t('queue.submitted', { date: formatDate(item.submitted_at, lang, 'dateTime') })
                : t('queue.notSubmitted')}
              {item.reviewer ? ` · ${t('queue.reviewer', { name: item.reviewer.name })}` : ''}
            </Text>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** /staff/kyc: the members waiting for a KYC decision, with a status filter and a search. */
export default function KycQueuePage() {
  const { t, i18n } = useTranslation(['staff', 'profile']);
  useDocumentTitle(t('queue.title'));
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const [params, setParams] = useSearchParams();
  const filters = parseQueueParams(params);
  const [search, setSearch] = useState(filters.q);
  const queue = useKycQueue(filters);

  const go = (next: Partial<typeof filters>) => setParams(queueSearch({ ...filters, page: 1, ...next }));

  const statusOptions = [
    { value: 'queue', label: t('queue.filters.queue') },
    { value: 'all', label: t('queue.filters.all') },
    ...KYC_STATUSES.map((s) => ({ value: s, label: t(`profile:kycStatus.${s}`) })),
  ];

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('queue.title')}
        </Title>
        <Text c="dimmed">{t('queue.subtitle')}</Text>
      </Stack>
      <Paper withBorder p="md" radius="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            go({ q: search.trim() });
          }}
          role="search"
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={t('queue.status')}
              data={statusOptions}
              value={filters.status}
              allowDeselect={false}
              onChange={(v) => v && go({ status: v })}
              data-testid="kyc-queue-status"
            />
            <TextInput
              label={t('queue.search')}
              placeholder={t('queue.searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              leftSection={<IconSearch size={16} />}
              data-testid="kyc-queue-search"
            />
            <Group align="flex-end">
              <Button type="submit" variant="light" data-testid="kyc-queue-search-submit">
                {t('queue.searchButton')}
              </Button>
            </Group>
          </SimpleGrid>
        </form>
      </Paper>
      {queue.isPending ? (
        <PageLoader />
      ) : queue.isError ? (
        <ErrorAlert error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="kyc-queue-empty">
          {t('queue.empty')}
        </Text>
      ) : (
        <Stack gap="sm" aria-busy={queue.isPlaceholderData}>
          <Text size="sm" c="dimmed">
            {t('queue.total', { count: queue.data.pagination.total })}
          </Text>
          {queue.data.items.map((item) => (
            <QueueRow key={item.member_id} item={item} lang={lang} />
          ))}
          <PageLinks
            page={filters.page}
            total={queue.data.pagination.last_page}
            onChange={(page) => {
              setParams(queueSearch({ ...filters, page }));
              window.scrollTo({ top: 0 });
            }}
          />
        </Stack>
      )}
    </Stack>
  );
}
