import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDownload, IconUserX } from '@tabler/icons-react';
import { closureRequestFields, type DocumentView } from '@portal/contracts/privacy';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordTable, type RecordColumn } from '../../../components/record-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/i18n/dates';
import { useDescribeError, useTranslateMessage } from '../../../lib/i18n/messages';
import { paths } from '../../../lib/paths';
import type { Language } from '../../../lib/preferences';
import {
  DOCUMENT_VIEWS_PER_PAGE,
  downloadMyData,
  useClosureRequest,
  useDocumentViews,
  useRequestClosure,
} from '../api/privacy';

function Part({ title, body, children }: { title: string; body: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {body}
      </Text>
      {children}
    </Stack>
  );
}

/** The copy of everything the portal keeps about the member (PDPA section 30; decision 044). */
function ExportPart() {
  const { t } = useTranslation('settings');
  const describe = useDescribeError();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Part title={t('privacy.export.title')} body={t('privacy.export.body')}>
      {error !== null && (
        <Alert color="red" variant="light" role="alert">
          {describe(error)}
        </Alert>
      )}
      <Button
        leftSection={<IconDownload size={16} />}
        variant="light"
        loading={busy}
        style={{ alignSelf: 'flex-start' }}
        data-testid="privacy-export"
        onClick={() => {
          setBusy(true);
          setError(null);
          downloadMyData(`personal-data-${today}.zip`)
            .then(() => notifications.show({ color: 'teal', message: t('privacy.export.done') }))
            .catch(setError)
            .finally(() => setBusy(false));
        }}
      >
        {t('privacy.export.button')}
      </Button>
    </Part>
  );
}

/** Who of the staff saw the member's documents, newest first, in pages. */
function ViewsPart({ lang }: { lang: Language }) {
  const { t } = useTranslation('settings');
  const [page, setPage] = useState(1);
  const views = useDocumentViews(page);
  const columns: RecordColumn<DocumentView>[] = [
    {
      accessor: 'viewed_at',
      title: t('privacy.views.when'),
      render: (v) => formatDate(v.viewed_at, lang, 'dateTime'),
    },
    {
      accessor: 'document_type',
      title: t('privacy.views.document'),
      render: (v) => t(`privacy.types.${v.document_type}`, { defaultValue: v.document_type }),
    },
    { accessor: 'action', title: t('privacy.views.action'), render: (v) => t(`privacy.views.${v.action}`) },
    {
      accessor: 'viewer',
      title: t('privacy.views.who'),
      render: (v) => v.viewer ?? t('privacy.views.system'),
    },
  ];
  return (
    <Part title={t('privacy.views.title')} body={t('privacy.views.body')}>
      {views.error ? (
        <ErrorAlert error={views.error} onRetry={() => void views.refetch()} />
      ) : (
        <RecordTable
          data-testid="privacy-views"
          records={views.data?.items ?? []}
          columns={columns}
          fetching={views.isPending}
          minHeight={views.data?.items.length ? undefined : 120}
          noRecordsText={t('privacy.views.empty')}
          totalRecords={views.data?.pagination.total ?? 0}
          recordsPerPage={DOCUMENT_VIEWS_PER_PAGE}
          page={page}
          onPageChange={setPage}
          recordAttributes={(v) => ({ 'data-testid': 'privacy-view', 'data-action': v.action })}
        />
      )}
    </Part>
  );
}

const closureResolver = zodResolver(closureRequestFields);

/** Asking to close the account (PDPA section 33): staff review it before anything is erased. */
function ClosurePart({ lang }: { lang: Language }) {
  const { t } = useTranslation('settings');
  const tm = useTranslateMessage();
  const describe = useDescribeError();
  const current = useClosureRequest();
  const ask = useRequestClosure();
  const [open, setOpen] = useState(false);
  const form = useForm<{ reason?: string }>({
    resolver: closureResolver,
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await ask.mutateAsync({ reason: values.reason || undefined });
      setOpen(false);
      form.reset();
      notifications.show({ color: 'teal', message: t('privacy.closure.sent') });
    } catch (error) {
      form.setError('root', { message: describe(error) });
    }
  });
  const request = current.data ?? null;
  const pending = request?.state === 'pending';

  return (
    <Part title={t('privacy.closure.title')} body={t('privacy.closure.body')}>
      {current.error ? (
        <ErrorAlert error={current.error} onRetry={() => void current.refetch()} />
      ) : pending ? (
        <Alert color="yellow" variant="light" data-testid="privacy-closure-pending">
          {t('privacy.closure.pending', { date: formatDate(request.requested_at, lang, 'dateTime') })}
        </Alert>
      ) : (
        <>
          {request?.state === 'rejected' && (
            <Alert color="gray" variant="light" data-testid="privacy-closure-rejected">
              {t('privacy.closure.rejected', {
                date: formatDate(request.requested_at, lang),
                reason: request.decision_note ?? '',
              })}
            </Alert>
          )}
          <Button
            color="red"
            variant="light"
            leftSection={<IconUserX size={16} />}
            style={{ alignSelf: 'flex-start' }}
            disabled={current.isPending}
            data-testid="privacy-closure-open"
            onClick={() => setOpen(true)}
          >
            {request?.state === 'rejected' ? t('privacy.closure.again') : t('privacy.closure.button')}
          </Button>
        </>
      )}
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('privacy.closure.modalTitle')}
        centered
        data-testid="privacy-closure-modal"
      >
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              {t('privacy.closure.warning')}
            </Alert>
            {form.formState.errors.root && (
              <Alert color="red" variant="light" role="alert">
                {form.formState.errors.root.message}
              </Alert>
            )}
            <Textarea
              label={t('privacy.closure.reason')}
              autosize
              minRows={2}
              maxRows={6}
              error={tm(form.formState.errors.reason?.message)}
              data-testid="privacy-closure-reason"
              {...form.register('reason')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('privacy.closure.cancel')}
              </Button>
              <Button
                type="submit"
                color="red"
                loading={form.formState.isSubmitting}
                data-testid="privacy-closure-submit"
              >
                {t('privacy.closure.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Part>
  );
}

/** Settings' card of the member's personal-data rights: a copy, the staff's views, closing. */
export function PersonalDataCard({ lang }: { lang: Language }) {
  const { t } = useTranslation('settings');
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="lg"
      component="section"
      data-testid="settings-privacy"
    >
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {t('privacy.title')}
          </Title>
          <Text size="sm" c="dimmed">
            <Trans
              t={t}
              i18nKey="privacy.description"
              components={{ notice: <Anchor component={Link} to={paths.policy.href()} inherit /> }}
            />
          </Text>
        </Stack>
        <ExportPart />
        <ViewsPart lang={lang} />
        <ClosurePart lang={lang} />
      </Stack>
    </Paper>
  );
}
