import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { closureRejectBody, type StaffClosureRequest } from '@portal/contracts/privacy';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RecordTable, type RecordColumn } from '../../components/record-table';
import { ErrorAlert } from '../../components/ui/error-alert';
import { formatDate } from '../../lib/i18n/dates';
import { useDescribeError, useTranslateMessage } from '../../lib/i18n/messages';
import { isLanguage } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  CLOSURES_PER_PAGE,
  useClosureRequests,
  useDecideClosure,
  type ClosureFilter,
} from './api/closure-requests';
import './staff-namespace';

const FILTERS: ClosureFilter[] = ['pending', 'approved', 'rejected', 'all'];
const STATE_COLORS = { pending: 'yellow', approved: 'teal', rejected: 'gray' } as const;

type Decision = { request: StaffClosureRequest; approve: boolean } | null;

/** The dialog of one decision: approving asks for a note, rejecting for the reason the member reads. */
function DecisionModal({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const tm = useTranslateMessage();
  const describe = useDescribeError();
  const decide = useDecideClosure();
  const approve = decision?.approve ?? false;
  const form = useForm<{ reason: string }>({
    resolver: approve ? undefined : zodResolver(closureRejectBody),
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit(async ({ reason }) => {
    if (!decision) return;
    try {
      await decide.mutateAsync(
        approve
          ? { id: decision.request.id, approve: true, note: reason.trim() || undefined }
          : { id: decision.request.id, approve: false, reason },
      );
      notifications.show({ color: 'teal', message: t(approve ? 'closures.approved' : 'closures.rejected') });
      form.reset();
      onClose();
    } catch (error) {
      form.setError('root', { message: describe(error) });
    }
  });
  return (
    <Modal
      opened={decision !== null}
      onClose={() => {
        form.reset();
        onClose();
      }}
      title={t(approve ? 'closures.approveTitle' : 'closures.rejectTitle')}
      centered
      data-testid="closure-decision"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {approve && (
            <Alert color="red" variant="light">
              {t('closures.approveBody', { code: decision?.request.member_code ?? '' })}
            </Alert>
          )}
          {form.formState.errors.root && (
            <Alert color="red" variant="light" role="alert">
              {form.formState.errors.root.message}
            </Alert>
          )}
          <Textarea
            label={t(approve ? 'closures.note' : 'closures.rejectReason')}
            required={!approve}
            autosize
            minRows={2}
            error={tm(form.formState.errors.reason?.message)}
            data-testid="closure-decision-text"
            {...form.register('reason')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('closures.cancel')}
            </Button>
            <Button
              type="submit"
              color={approve ? 'red' : 'gray'}
              loading={form.formState.isSubmitting}
              data-testid="closure-decision-submit"
            >
              {t(approve ? 'closures.confirmApprove' : 'closures.confirmReject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /staff/closures: members' requests to close their accounts, and the staff's decision (decision 044). */
export default function ClosureRequestsPage() {
  const { t, i18n } = useTranslation('staff');
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  useDocumentTitle(t('closures.title'));
  const [state, setState] = useState<ClosureFilter>('pending');
  const [page, setPage] = useState(1);
  const [decision, setDecision] = useState<Decision>(null);
  const list = useClosureRequests(state, page);

  const columns: RecordColumn<StaffClosureRequest>[] = [
    {
      accessor: 'member_code',
      title: t('closures.member'),
      render: (r) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {r.member_code ?? '—'}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.name || t('closures.erased')}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'requested_at',
      title: t('closures.requested'),
      render: (r) => formatDate(r.requested_at, lang, 'dateTime'),
    },
    {
      accessor: 'reason',
      title: t('closures.reason'),
      render: (r) =>
        r.reason ?? (
          <Text span c="dimmed" size="sm">
            {r.state === 'approved' ? t('closures.erased') : t('closures.noReason')}
          </Text>
        ),
    },
    {
      accessor: 'state',
      title: t('closures.state'),
      render: (r) => (
        <Stack gap={2}>
          <Badge color={STATE_COLORS[r.state]} variant="light">
            {t(`closures.states.${r.state}`)}
          </Badge>
          {r.decided_at && (
            <Text size="xs" c="dimmed">
              {t('closures.decided', {
                date: formatDate(r.decided_at, lang, 'dateTime'),
                name: r.decided_by ?? '',
              })}
            </Text>
          )}
          {r.decision_note && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {r.decision_note}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: t('closures.actions'),
      card: 'actions',
      render: (r) =>
        r.state === 'pending' ? (
          <Group gap="xs" wrap="wrap">
            <Button
              size="compact-sm"
              color="red"
              variant="light"
              data-testid="closure-approve"
              onClick={() => setDecision({ request: r, approve: true })}
            >
              {t('closures.approve')}
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              data-testid="closure-reject"
              onClick={() => setDecision({ request: r, approve: false })}
            >
              {t('closures.reject')}
            </Button>
          </Group>
        ) : null,
    },
  ];

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('closures.title')}
        </Title>
        <Text c="dimmed" size="sm" maw={760}>
          {t('closures.subtitle')}
        </Text>
      </Stack>
      <SegmentedControl
        value={state}
        onChange={(v) => {
          setState(v as ClosureFilter);
          setPage(1);
        }}
        data={FILTERS.map((f) => ({ value: f, label: t(`closures.states.${f}`) }))}
        style={{ alignSelf: 'flex-start' }}
        data-testid="closure-filter"
      />
      {list.error ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <RecordTable
          data-testid="closure-requests"
          records={list.data?.items ?? []}
          columns={columns}
          fetching={list.isPending}
          minHeight={list.data?.items.length ? undefined : 140}
          noRecordsText={t('closures.empty')}
          totalRecords={list.data?.pagination.total ?? 0}
          recordsPerPage={CLOSURES_PER_PAGE}
          page={page}
          onPageChange={setPage}
          cardTitle={(r) => `${r.member_code ?? '—'} ${r.name}`}
          recordAttributes={(r) => ({ 'data-testid': 'closure-request', 'data-state': r.state })}
        />
      )}
      <DecisionModal
        key={decision ? `${decision.request.id}-${decision.approve}` : 'none'}
        decision={decision}
        onClose={() => setDecision(null)}
      />
    </Stack>
  );
}
