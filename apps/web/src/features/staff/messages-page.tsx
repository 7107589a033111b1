import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { MESSAGE_STATES, type MessageState, type StaffMessage } from '@portal/contracts/outbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RecordTable, type RecordColumn } from '../../components/record-table';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { useFormat } from '../../lib/i18n/use-format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStaffMessages } from './api/messages';
import { messageSearch, parseMessageParams, type MessageParams } from './model/message-params';
import './staff-namespace';

const STATE_COLOR: Record<MessageState, string> = {
  queued: 'yellow',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};

function StateCell({ m }: { m: StaffMessage }) {
  const { t } = useTranslation('staff');
  const f = useFormat();
  const when =
    m.state === 'sent'
      ? t('messages.sentAt', { at: f.instant(m.sent_at) })
      : m.state === 'failed'
        ? t('messages.failedAt', { at: f.instant(m.failed_at) })
        : m.next_attempt_at && m.attempts > 0
          ? t('messages.nextTry', { at: f.instant(m.next_attempt_at) })
          : null;
  return (
    <Stack gap={2}>
      <Badge color={STATE_COLOR[m.state]} variant="light" data-testid="message-state">
        {t(`messages.states.${m.state}`)}
      </Badge>
      <Text size="xs" c="dimmed">
        {t('messages.attempts', { attempts: m.attempts, max: m.max_attempts })}
      </Text>
      {when && (
        <Text size="xs" c="dimmed">
          {when}
        </Text>
      )}
    </Stack>
  );
}

/** /staff/messages: every SMS and e-mail the portal sends (the message outbox), by state and channel. */
export default function MessagesPage() {
  const { t } = useTranslation('staff');
  useDocumentTitle(t('messages.title'));
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const filters = parseMessageParams(params);
  const [search, setSearch] = useState(filters.q);
  const list = useStaffMessages(filters);

  const go = (next: Partial<MessageParams>) => setParams(messageSearch({ ...filters, page: 1, ...next }));
  const counts = list.data?.counts;
  const stateOptions = [
    { value: '', label: t('messages.states.all') },
    ...MESSAGE_STATES.map((s) => ({
      value: s,
      label: counts ? `${t(`messages.states.${s}`)} (${f.count(counts[s])})` : t(`messages.states.${s}`),
    })),
  ];
  const channelOptions = [
    { value: '', label: t('messages.channels.all') },
    { value: 'sms', label: t('messages.channels.sms') },
    { value: 'email', label: t('messages.channels.email') },
  ];

  const columns: RecordColumn<StaffMessage>[] = [
    {
      accessor: 'created_at',
      title: t('messages.columns.created'),
      noWrap: true,
      render: (m) => f.instant(m.created_at),
    },
    {
      accessor: 'to',
      title: t('messages.columns.recipient'),
      render: (m) => (
        <Stack gap={2}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {m.to}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`messages.channels.${m.channel}`)} · {t(`messages.purposes.${m.purpose}`, m.purpose)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'text',
      title: t('messages.columns.message'),
      render: (m) => (
        <Stack gap={2} maw={420}>
          {m.subject && (
            <Text size="sm" fw={600} lineClamp={1}>
              {m.subject}
            </Text>
          )}
          <Text size="sm" lineClamp={2} title={m.text} style={{ overflowWrap: 'anywhere' }}>
            {m.text}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'state', title: t('messages.columns.state'), render: (m) => <StateCell m={m} /> },
    {
      accessor: 'last_error',
      title: t('messages.columns.lastError'),
      render: (m) =>
        m.last_error ? (
          <Text size="xs" c={m.state === 'failed' ? 'red.8' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
            {m.last_error}
          </Text>
        ) : (
          '–'
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('messages.title')}
        </Title>
        <Text c="dimmed">{t('messages.subtitle')}</Text>
      </Stack>
      <Paper withBorder p="md" radius="lg">
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            go({ q: search.trim() });
          }}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <Select
              label={t('messages.state')}
              data={stateOptions}
              value={filters.state}
              allowDeselect={false}
              onChange={(v) => go({ state: v ?? '' })}
              data-testid="messages-state"
            />
            <Select
              label={t('messages.channel')}
              data={channelOptions}
              value={filters.channel}
              allowDeselect={false}
              onChange={(v) => go({ channel: v ?? '' })}
              data-testid="messages-channel"
            />
            <TextInput
              label={t('messages.search')}
              placeholder={t('messages.searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              leftSection={<IconSearch size={16} />}
              data-testid="messages-search"
            />
            <Group align="flex-end">
              <Button type="submit" variant="light">
                {t('messages.searchButton')}
              </Button>
            </Group>
          </SimpleGrid>
        </form>
      </Paper>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Stack gap="sm" aria-busy={list.isPlaceholderData}>
          {counts && (
            <Group gap="xs" data-testid="messages-counts">
              {MESSAGE_STATES.map((s) => (
                <Badge key={s} color={STATE_COLOR[s]} variant={s === filters.state ? 'filled' : 'light'}>
                  {t(`messages.states.${s}`)} {f.count(counts[s])}
                </Badge>
              ))}
            </Group>
          )}
          <RecordTable<StaffMessage>
            data-testid="messages-list"
            records={list.data.items}
            columns={columns}
            noRecordsText={t('messages.empty')}
            recordAttributes={(m) => ({
              'data-testid': 'message-row',
              'data-id': m.id,
              'data-state': m.state,
            })}
            page={filters.page}
            onPageChange={(page) => {
              setParams(messageSearch({ ...filters, page }));
              window.scrollTo({ top: 0 });
            }}
            totalRecords={list.data.pagination.total}
            recordsPerPage={list.data.pagination.per_page}
          />
        </Stack>
      )}
    </Stack>
  );
}
