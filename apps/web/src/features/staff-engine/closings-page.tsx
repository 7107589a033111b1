import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import { ENGINE_RUN_TYPES, type ClosingStatus, type EngineRun } from '@portal/contracts/engine';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DayInput } from '../../components/day-input';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useClosingRuns, useClosingStatus, useStartClosing } from './api/closings';
import { Money } from '../../components/ui/money';
import { useFormat } from '../../lib/i18n/use-format';
import { RunTypeBadge, useDescribeRefusal, useRunText } from './components/bits';
import { RecordTable } from '../../components/record-table';
import { HEADLINE, secondsSince } from './model/runs';
import { parseRunParams, runSearch } from './model/run-params';
import './engine-namespace';

/** Where the closings stand: today, the last closed day, the day to close next, and what runs now. */
function StatusCard({ status, onClose }: { status: ClosingStatus; onClose: () => void }) {
  const { t } = useTranslation('engine');
  const f = useFormat();
  const [now, setNow] = useState(() => Date.now());
  const running = status.running[0];
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const latest = status.recent[0];

  return (
    <Paper withBorder p="md" radius="lg" data-testid="closing-status">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('closings.today')}
            </Text>
            <Text fw={600}>{f.longDay(status.business_date)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('closings.lastClosed')}
            </Text>
            <Text fw={600} data-testid="closing-last">
              {status.last_closed ? f.longDay(status.last_closed) : t('closings.noneClosed')}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {t('closings.nextDay')}
            </Text>
            <Text fw={600} data-testid="closing-next" data-date={status.next_day ?? ''}>
              {f.longDay(status.next_day)}
            </Text>
          </Stack>
        </SimpleGrid>
        {running ? (
          <Stack gap={6} data-testid="closing-running" aria-live="polite">
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" fw={600}>
                {t('closings.running', { date: f.longDay(running.business_date) })}
              </Text>
            </Group>
            <Progress value={100} striped animated aria-label={t('closings.progress')} />
            <Text size="xs" c="dimmed">
              {t('closings.runningSince', {
                name: running.staff?.name ?? '–',
                seconds: secondsSince(running.started_at, now),
              })}
            </Text>
          </Stack>
        ) : (
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 220 }}>
              {status.closable
                ? t('closings.closableHint')
                : t('closings.notClosableHint', { date: f.longDay(status.next_day) })}
            </Text>
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!status.closable}
              onClick={onClose}
              data-testid="closing-start"
            >
              {t('closings.start', { date: f.day(status.next_day) })}
            </Button>
          </Group>
        )}
        {!running && latest?.status === 'FAILED' && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="closing-failed"
          >
            {t('closings.failed', { date: f.longDay(latest.business_date), error: latest.error ?? '' })}
          </Alert>
        )}
        {!running && latest?.status === 'DONE' && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="closing-done">
            {t('closings.done', {
              date: f.longDay(latest.business_date),
              name: latest.staff?.name ?? '–',
              runs: latest.runs.map((r) => t(`runTypes.${r.type}`)).join(', '),
            })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** /staff/closings: the engine's runs, and starting the closing of the day that may be closed. */
export default function ClosingsPage() {
  const { t } = useTranslation('engine');
  useDocumentTitle(t('closings.title'));
  const f = useFormat();
  const rt = useRunText();
  const navigate = useNavigate();
  const refusal = useDescribeRefusal();
  const [params, setParams] = useSearchParams();
  const filters = parseRunParams(params);
  const status = useClosingStatus();
  const isRunning = (status.data?.running.length ?? 0) > 0;
  const runs = useClosingRuns(filters, isRunning);
  const start = useStartClosing();
  const [confirming, setConfirming] = useState(false);

  // When a closing ends, the list shows its runs at once.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !isRunning) void runs.refetch();
    wasRunning.current = isRunning;
  }, [isRunning, runs]);

  const go = (next: Partial<typeof filters>) => setParams(runSearch({ ...filters, page: 1, ...next }));
  const next = status.data?.next_day ?? null;

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('closings.title')}
        </Title>
        <Text c="dimmed">{t('closings.subtitle')}</Text>
      </Stack>
      {status.isPending ? (
        <PageLoader minHeight={120} />
      ) : status.isError ? (
        <ErrorAlert error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <StatusCard status={status.data} onClose={() => setConfirming(true)} />
      )}
      {start.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="closing-refused"
        >
          {refusal(start.error)}
        </Alert>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('closings.confirmTitle', { date: f.longDay(next) })}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('closings.confirmText')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button
              data-testid="closing-confirm"
              loading={start.isPending}
              onClick={() => {
                if (!next) return;
                start.mutate(next, { onSettled: () => setConfirming(false) });
              }}
            >
              {t('closings.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Paper withBorder p="md" radius="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t('closings.filters.type')}
            data={[
              { value: '', label: t('closings.filters.all') },
              ...ENGINE_RUN_TYPES.map((type) => ({ value: type, label: t(`runTypes.${type}`) })),
            ]}
            value={filters.type}
            allowDeselect={false}
            onChange={(v) => go({ type: v ?? '' })}
            data-testid="closings-filter-type"
          />
          <DayInput
            label={t('closings.filters.from')}
            value={filters.from}
            onChange={(from) => go({ from })}
            clearable
            testId="closings-filter-from"
          />
          <DayInput
            label={t('closings.filters.to')}
            value={filters.to}
            onChange={(to) => go({ to })}
            clearable
            testId="closings-filter-to"
          />
        </SimpleGrid>
      </Paper>

      {runs.isError ? (
        <ErrorAlert error={runs.error} onRetry={() => void runs.refetch()} />
      ) : (
        <RecordTable<EngineRun>
          data-testid="closing-runs"
          records={runs.data?.items ?? []}
          fetching={runs.isPending}
          totalRecords={runs.data?.pagination.total ?? 0}
          recordsPerPage={DEFAULT_PER_PAGE}
          page={filters.page}
          onPageChange={(page) => setParams(runSearch({ ...filters, page }))}
          onRecordClick={(record) => void navigate(paths.staffClosing.href(record.id))}
          recordAttributes={(r) => ({
            'data-testid': 'closing-run',
            'data-type': r.type,
            'data-date': r.business_date,
          })}
          columns={[
            { accessor: 'business_date', title: t('runs.date'), render: (r) => f.day(r.business_date) },
            { accessor: 'type', title: t('runs.type'), render: (r) => <RunTypeBadge type={r.type} /> },
            {
              accessor: 'summary',
              title: t('runs.summary'),
              render: (r) => (
                <Stack gap={0}>
                  {HEADLINE[r.type].counts.map((key) => (
                    <Text key={key} size="xs">
                      {t(`counts.${key}` as 'counts.rows')}: {f.count(r.counts[key])}
                    </Text>
                  ))}
                  {HEADLINE[r.type].totals.map((key) => (
                    <Text key={key} size="xs">
                      {t(`totals.${key}` as 'totals.paid')}: <Money value={r.totals[key]} size="xs" />
                    </Text>
                  ))}
                </Stack>
              ),
            },
            {
              accessor: 'plan_version',
              title: t('runs.planVersion'),
              textAlign: 'right',
              visibleMediaQuery: '(min-width: 48em)',
            },
            {
              accessor: 'started_by',
              title: t('runs.startedBy'),
              visibleMediaQuery: '(min-width: 36em)',
              render: (r) => rt.starter(r),
            },
            {
              accessor: 'finished_at',
              title: t('runs.finished'),
              visibleMediaQuery: '(min-width: 48em)',
              render: (r) => (
                <Stack gap={0}>
                  <Text size="xs">{f.instant(r.finished_at)}</Text>
                  <Text size="xs" c="dimmed">
                    {rt.duration(r.duration_ms)}
                  </Text>
                </Stack>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
