import {
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDownload, IconFileUpload, IconReplace, IconUpload } from '@tabler/icons-react';
import type { KycChecklistKey } from '@portal/contracts/kyc';
import { DOCUMENT_TYPES, type DocumentType, type MemberDocument } from '@portal/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kycReasonText } from '../../../components/kyc/kyc-reason';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { apiBlob } from '../../../lib/http/client';
import { useDescribeError } from '../../../lib/i18n/messages';
import { saveBlob } from '../../../lib/use-object-url';
import {
  documentFileQuery,
  useDeleteDocument,
  useDocuments,
  useReplaceDocument,
  useUploadDocument,
} from '../api/documents';
import {
  checkBeforeUpload,
  DOCUMENT_ACCEPT,
  formatBytes,
  previewKind,
  uploadProblem,
  type UploadProblem,
} from '../../../lib/upload-errors';
import { ConfirmDelete } from './confirm-delete';
import { DocumentPreview } from '../../../components/kyc/document-preview';
import { SectionCard } from './section-card';
import { ItemStatusBadge } from '../../../components/kyc/status-badge';
import { toastSaved } from './toasts';

/** What the member is told when an upload fails: the three texts of the spec, else the generic one. */
function useUploadMessage() {
  const { t } = useTranslation('profile');
  const describe = useDescribeError();
  return (problem: Exclude<UploadProblem, 'other'> | null, error?: unknown) => {
    if (problem) return t(`documents.errors.${problem}`);
    if (error === undefined) return null;
    const kind = uploadProblem(error);
    return kind === 'other' ? describe(error) : t(`documents.errors.${kind}`);
  };
}

/** The type a member most likely wants next: the first document the KYC still misses. */
function suggestedType(missing: readonly KycChecklistKey[]): DocumentType {
  if (missing.includes('identity_document')) return 'government_id';
  if (missing.includes('bank_document')) return 'books_bank';
  return 'government_id';
}

function UploadPanel({ missing }: { missing: readonly KycChecklistKey[] }) {
  const { t } = useTranslation('profile');
  const message = useUploadMessage();
  const upload = useUploadDocument();
  const [type, setType] = useState<DocumentType>(() => suggestedType(missing));
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Cleared after each pick, so picking the same file again (after fixing it) still counts.
  const resetInput = useRef<() => void>(null);

  const choose = (f: File | null) => {
    resetInput.current?.();
    upload.reset();
    setProgress(null);
    setFile(f);
    setProblem(f ? message(checkBeforeUpload(f)) : null);
  };

  const send = async () => {
    if (!file) return;
    const early = checkBeforeUpload(file);
    if (early) {
      setProblem(message(early));
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ file, type, title, onProgress: setProgress });
      toastSaved(t('documents.uploaded'));
      setFile(null);
      setTitle('');
      setProgress(null);
    } catch (error) {
      setProgress(null);
      setProblem(message(null, error));
    }
  };

  const percent = Math.round((progress ?? 0) * 100);

  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)" data-testid="document-upload">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('documents.type')}
            allowDeselect={false}
            data={DOCUMENT_TYPES.map((v) => ({ value: v, label: t(`documents.types.${v}`) }))}
            value={type}
            onChange={(v) => v && setType(v as DocumentType)}
            data-testid="document-type"
          />
          <TextInput
            label={t('documents.titleField')}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.currentTarget.value)}
            data-testid="document-title"
          />
        </SimpleGrid>
        <Group gap="sm" align="center" wrap="wrap">
          <FileButton
            onChange={choose}
            resetRef={resetInput}
            accept={DOCUMENT_ACCEPT}
            inputProps={{ 'data-testid': 'document-file' } as object}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconFileUpload size={16} />}
                disabled={upload.isPending}
              >
                {t('documents.choose')}
              </Button>
            )}
          </FileButton>
          {file && (
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }} data-testid="document-chosen">
              <DocumentPreview
                blob={file}
                mime={file.type}
                name={file.name}
                size={{ width: 72, height: 52 }}
              />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size)}
                </Text>
              </Stack>
            </Group>
          )}
        </Group>
        {progress !== null && (
          <Stack gap={4}>
            <Progress
              value={percent}
              animated={percent < 100}
              aria-label={t('documents.uploading', { percent })}
              data-testid="document-progress"
            />
            <Text size="xs" c="dimmed">
              {t('documents.uploading', { percent })}
            </Text>
          </Stack>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert" data-testid="document-error">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={() => void send()}
            disabled={!file || Boolean(checkBeforeUpload(file))}
            loading={upload.isPending}
            data-testid="document-upload-submit"
          >
            {t('documents.upload')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function DocumentCard({ doc, underReview }: { doc: MemberDocument; underReview: boolean }) {
  const { t } = useTranslation('profile');
  const describe = useDescribeError();
  const message = useUploadMessage();
  const remove = useDeleteDocument();
  const replace = useReplaceDocument();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const isImage = previewKind(doc.file.mime_type, doc.file.name) === 'image';
  const file = useQuery({ ...documentFileQuery(doc), enabled: isImage });
  const approved = doc.status === 'success';
  const locked = approved || underReview;

  const resetInput = useRef<() => void>(null);
  const onReplace = async (f: File | null) => {
    resetInput.current?.();
    if (!f) return;
    const early = checkBeforeUpload(f);
    if (early) {
      setProblem(message(early));
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      await replace.mutateAsync({ id: doc.id, file: f, onProgress: setProgress });
      toastSaved(t('documents.replaced'));
    } catch (error) {
      setProblem(message(null, error));
    } finally {
      setProgress(null);
    }
  };

  const download = async () => {
    setDownloading(true);
    setProblem(null);
    try {
      saveBlob(file.data ?? (await apiBlob(`/v1/me/documents/${doc.id}/file`)), doc.file.name);
    } catch (error) {
      setProblem(describe(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="document-item"
      data-type={doc.type}
      data-status={doc.status}
    >
      {/* Beside the preview where there is room; under it on a phone. */}
      <Group align="flex-start" gap="md" wrap="wrap">
        <DocumentPreview
          blob={file.data}
          mime={doc.file.mime_type}
          name={doc.file.name}
          loading={file.isPending}
          failed={Boolean(file.error)}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 180 }}>
          <Group gap="xs" justify="space-between" align="flex-start" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t(`documents.types.${doc.type}`)}
            </Text>
            <ItemStatusBadge status={doc.status} />
          </Group>
          {doc.title && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {doc.title}
            </Text>
          )}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {doc.file.name} · {formatBytes(doc.file.size)}
          </Text>
          {doc.status === 'fail' && doc.reason && (
            <Alert color="red" variant="light" p="xs" data-testid="document-reason">
              {t('documents.reason', { reason: kycReasonText(t, doc) })}
            </Alert>
          )}
        </Stack>
      </Group>
      {progress !== null && <Progress mt="sm" value={Math.round(progress * 100)} animated />}
      {(problem || remove.error) && (
        <Text size="sm" c="red" role="alert" mt="xs">
          {problem ?? describe(remove.error)}
        </Text>
      )}
      <Group gap="xs" justify="flex-end" mt="xs" wrap="wrap">
        {locked && (
          <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 160 }}>
            {approved ? t('actions.lockedApproved') : t('actions.lockedReview')}
          </Text>
        )}
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconDownload size={14} />}
          loading={downloading}
          onClick={() => void download()}
          data-testid="document-download"
        >
          {t('documents.download')}
        </Button>
        {!locked && (
          <>
            <FileButton
              onChange={(f) => void onReplace(f)}
              resetRef={resetInput}
              accept={DOCUMENT_ACCEPT}
              inputProps={{ 'data-testid': 'document-replace-file' } as object}
            >
              {(props) => (
                <Button
                  {...props}
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconReplace size={14} />}
                  loading={replace.isPending}
                  data-testid="document-replace"
                >
                  {t('documents.replace')}
                </Button>
              )}
            </FileButton>
            <ConfirmDelete
              question={t('documents.deleteQuestion')}
              loading={remove.isPending}
              onConfirm={() => remove.mutateAsync(doc.id).then(() => toastSaved(t('actions.deleted')))}
              testId="document-delete"
            />
          </>
        )}
      </Group>
    </Paper>
  );
}

export function DocumentsSection({
  underReview,
  missing,
}: {
  underReview: boolean;
  missing: readonly KycChecklistKey[];
}) {
  const { t } = useTranslation('profile');
  const list = useDocuments();
  const items = list.data?.items ?? [];
  return (
    <SectionCard id="documents" title={t('documents.title')}>
      <Text size="sm" c="dimmed">
        {t('documents.intro')}
      </Text>
      {underReview ? (
        <Alert color="blue" variant="light">
          {t('actions.lockedReview')}
        </Alert>
      ) : (
        // A new suggestion (what the KYC still misses) after each upload starts the panel afresh.
        <UploadPanel key={missing.join()} missing={missing} />
      )}
      {list.error ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton height={96} radius="md" />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('documents.empty')}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="document-list">
          {items.map((d) => (
            <DocumentCard key={d.id} doc={d} underReview={underReview} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
