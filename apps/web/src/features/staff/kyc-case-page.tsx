import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Select,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCheck,
  IconDownload,
  IconPlayerPlay,
  IconX,
} from '@tabler/icons-react';
import { KYC_REJECT_REASONS, type KycRejectReason, type KycTarget } from '@portal/contracts/kyc';
import type { MemberDocument } from '@portal/contracts/profile';
import type { KycCase } from '@portal/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { formatDate } from '../../lib/i18n/dates';
import { useDescribeError } from '../../lib/i18n/messages';
import { paths } from '../../lib/paths';
import { isLanguage, type Language } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { saveBlob } from '../../lib/use-object-url';
import { formatAddress } from '../../lib/address-cascade';
import { formatBytes, previewKind } from '../../lib/upload-errors';
import { DocumentPreview } from '../../components/kyc/document-preview';
import { bankName } from '../../lib/banks';
import { kycReasonText } from '../../components/kyc/kyc-reason';
import { ItemStatusBadge, KycStatusBadge } from '../../components/kyc/status-badge';
import { fetchStaffDocument, staffDocumentFileQuery, useDecideKyc, useKycCase } from './api/kyc-case';
import { documentsFor, partDecidable } from './model/case';
import './staff-namespace';

function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg" data-testid={testId} h="100%">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

function StaffDocument({ doc }: { doc: MemberDocument }) {
  const { t } = useTranslation(['staff', 'profile']);
  const { t: tp } = useTranslation('profile');
  const describe = useDescribeError();
  const isImage = previewKind(doc.file.mime_type, doc.file.name) === 'image';
  const file = useQuery({ ...staffDocumentFileQuery(doc), enabled: isImage });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      saveBlob(file.data ?? (await fetchStaffDocument(doc.id)), doc.file.name);
    } catch (error) {
      setProblem(describe(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="case-document" data-type={doc.type}>
      {/* Side by side where there is room; on a phone the text goes under the preview. */}
      <Group align="flex-start" gap="sm" wrap="wrap">
        <DocumentPreview
          blob={file.data}
          mime={doc.file.mime_type}
          name={doc.file.name}
          loading={file.isPending}
          failed={Boolean(file.error)}
          size={{ width: 150, height: 104 }}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 160 }}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text fw={600} size="sm">
              {t(`profile:documents.types.${doc.type}`)}
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
          {doc.reason && (
            <Text size="xs" c="red.8">
              {t('profile:documents.reason', { reason: kycReasonText(tp, doc) })}
            </Text>
          )}
          {problem && (
            <Text size="xs" c="red" role="alert">
              {problem}
            </Text>
          )}
          <Group>
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconDownload size={14} />}
              loading={busy}
              onClick={() => void download()}
              data-testid="case-document-download"
            >
              {t('case.download')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

function Decision({ data, target, memberId }: { data: KycCase; target: KycTarget; memberId: number }) {
  const { t } = useTranslation(['staff', 'profile']);
  const { t: tp } = useTranslation('profile');
  const describe = useDescribeError();
  const decide = useDecideKyc(memberId);
  const [rejecting, setRejecting] = useState(false);
  const [reasonKey, setReasonKey] = useState<KycRejectReason | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const part = data.kyc[target];
  const open = partDecidable(data, target);
  const partName = t(`case.part.${target}`);

  const approve = () =>
    decide.mutate(
      { action: 'approve', target },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: t('case.approved', { part: partName }) }),
      },
    );
  const reject = () => {
    // A reason from the list (the member reads it in their language), or one written in full.
    if (!reasonKey && reason.trim().length < 3) {
      setReasonError(t('case.reasonRequired'));
      return;
    }
    decide.mutate(
      { action: 'reject', target, reasonKey, reason: reason.trim() },
      {
        onSuccess: () => {
          setRejecting(false);
          setReasonKey(null);
          setReason('');
          notifications.show({ color: 'orange', message: t('case.rejected', { part: partName }) });
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)" data-testid={`decision-${target}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{partName}</Text>
          <ItemStatusBadge status={part.status} size="md" />
        </Group>
        {part.reason && (
          <Text size="sm" c="red.8">
            {t('profile:kyc.reason', { reason: kycReasonText(tp, part) })}
          </Text>
        )}
        {decide.error && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {describe(decide.error)}
          </Alert>
        )}
        {open &&
          (rejecting ? (
            <Stack gap="xs">
              <Select
                label={t('case.reasonFromList')}
                placeholder={t('case.reasonOther')}
                data={KYC_REJECT_REASONS.map((k) => ({ value: k, label: tp(`kycReasons.${k}`) }))}
                value={reasonKey}
                onChange={(v) => {
                  setReasonKey(v as KycRejectReason | null);
                  setReasonError(null);
                }}
                clearable
                allowDeselect
                comboboxProps={{ withinPortal: true }}
                data-testid={`reject-reason-key-${target}`}
              />
              <Textarea
                label={reasonKey ? t('case.reasonNote') : t('case.reason')}
                required={!reasonKey}
                autosize
                minRows={2}
                maxLength={1000}
                value={reason}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  setReasonError(null);
                }}
                error={reasonError}
                data-testid={`reject-reason-${target}`}
              />
              <Group justify="flex-end" gap="xs">
                <Button size="xs" variant="default" onClick={() => setRejecting(false)}>
                  {t('case.cancel')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  loading={decide.isPending}
                  onClick={reject}
                  data-testid={`reject-confirm-${target}`}
                >
                  {t('case.confirmReject')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group gap="xs" justify="flex-end" wrap="wrap">
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconX size={14} />}
                onClick={() => setRejecting(true)}
                disabled={decide.isPending}
                data-testid={`reject-${target}`}
              >
                {t('case.reject')}
              </Button>
              <Button
                size="xs"
                color="teal"
                leftSection={<IconCheck size={14} />}
                loading={decide.isPending}
                onClick={approve}
                data-testid={`approve-${target}`}
              >
                {t('case.approve')}
              </Button>
            </Group>
          ))}
      </Stack>
    </Paper>
  );
}

function History({ data, lang }: { data: KycCase; lang: Language }) {
  const { t } = useTranslation(['staff', 'profile']);
  const { t: tp } = useTranslation('profile');
  if (data.history.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('case.noHistory')}
      </Text>
    );
  return (
    <Timeline bulletSize={18} lineWidth={2} active={data.history.length} data-testid="case-history">
      {data.history.map((h) => (
        <Timeline.Item
          key={h.id}
          color={h.action === 'reject' ? 'red' : h.action === 'approve' ? 'teal' : 'blue'}
          title={
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {t('case.historyEntry', {
                action: `${t(`case.actions.${h.action}`)}${h.target ? ` ${t(`case.part.${h.target}`)}` : ''}`,
                who: h.actor.name ?? t('case.system'),
              })}
            </Text>
          }
        >
          <Text size="xs" c="dimmed">
            {formatDate(h.created_at, lang, 'dateTime')} ·{' '}
            {t('case.fromTo', {
              from: t(`profile:kycStatus.${h.from_status}`),
              to: t(`profile:kycStatus.${h.to_status}`),
            })}
          </Text>
          {h.reason && (
            <Text size="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
              {t('profile:documents.reason', { reason: kycReasonText(tp, h) })}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** /staff/kyc/:memberId: the member's facts beside the documents that prove them, decisions, history. */
export default function KycCasePage() {
  const { t, i18n } = useTranslation(['staff', 'profile']);
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const describe = useDescribeError();
  const memberId = Number(useParams().memberId);
  const kycCase = useKycCase(memberId);
  const start = useDecideKyc(memberId);
  const data = kycCase.data;
  const name = data ? `${data.member.first_name} ${data.member.last_name}`.trim() : '';
  useDocumentTitle(data ? t('case.title', { name }) : t('queue.title'));

  const back = (
    <Anchor component={Link} to={paths.staffKyc.href()} size="sm" data-testid="case-back">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} />
        {t('case.back')}
      </Group>
    </Anchor>
  );

  if (kycCase.isPending)
    return (
      <Stack gap="lg">
        {back}
        <PageLoader />
      </Stack>
    );
  if (kycCase.isError || !data)
    return (
      <Stack gap="lg">
        {back}
        <ErrorAlert error={kycCase.error} onRetry={() => void kycCase.refetch()} />
      </Stack>
    );

  const m = data.member;
  const home = data.addresses.find((a) => a.type === 'home');
  const waiting = data.kyc.status === 'waiting_for_review';
  const reviewing = data.kyc.status === 'in_progress_review';

  return (
    <Stack gap="lg" data-testid="kyc-case">
      {back}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg">
        <Group gap="md" align="center" wrap="wrap">
          <Avatar src={m.avatar.thumbnail} size={64} radius="xl" alt="">
            {m.first_name.slice(0, 1)}
          </Avatar>
          <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {t('case.title', { name })}
            </Title>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('case.memberCode', { code: m.member_code })}
              </Text>
              <KycStatusBadge status={data.kyc.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {data.reviewer ? t('case.reviewer', { name: data.reviewer.name }) : t('case.noReviewer')}
              {data.kyc.submitted_at
                ? ` · ${t('queue.submitted', { date: formatDate(data.kyc.submitted_at, lang, 'dateTime') })}`
                : ''}
            </Text>
          </Stack>
          {waiting && (
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={start.isPending}
              onClick={() =>
                start.mutate(
                  { action: 'start' },
                  { onSuccess: () => notifications.show({ color: 'teal', message: t('case.started') }) },
                )
              }
              data-testid="case-start"
            >
              {t('case.start')}
            </Button>
          )}
        </Group>
        {start.error && (
          <Alert color="red" variant="light" role="alert" mt="sm">
            {describe(start.error)}
          </Alert>
        )}
        {!reviewing && (
          <Text size="sm" c="dimmed" mt="sm" data-testid="case-hint">
            {waiting ? t('case.startHint') : t('case.notWaiting')}
          </Text>
        )}
      </Paper>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Block title={t('case.member')} testId="case-member">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Fact label={t('case.email')} value={m.email} />
              <Fact label={t('case.mobile')} value={m.mobile} />
              <Fact label={t('case.birthday')} value={formatDate(m.birthday, lang, 'long') || '–'} />
              <Fact label={t('case.gender')} value={t(`genders.${m.gender}`)} />
              <Fact
                label={t('case.identity')}
                value={
                  m.identity_type && m.identity_value
                    ? t('case.identityValue', {
                        type: t(`identityTypes.${m.identity_type as 'id_card' | 'passport'}`),
                        value: m.identity_value,
                      })
                    : '–'
                }
              />
              <Fact label={t('case.registerDate')} value={formatDate(m.register_date, lang, 'long')} />
            </SimpleGrid>
            <Fact
              label={t('case.homeAddress')}
              value={home ? formatAddress(home, lang) : t('case.noAddress')}
            />
          </Block>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Block
            title={`${t('case.documents')} · ${t('case.part.identity')}`}
            testId="case-identity-documents"
          >
            {documentsFor(data, 'identity').length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('case.noDocuments')}
              </Text>
            ) : (
              documentsFor(data, 'identity').map((d) => <StaffDocument key={d.id} doc={d} />)
            )}
            <Decision data={data} target="identity" memberId={memberId} />
          </Block>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Block title={t('case.banks')} testId="case-banks">
            {data.banks.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('case.noBanks')}
              </Text>
            ) : (
              data.banks.map((b) => (
                <Paper key={b.id} withBorder p="sm" radius="md" data-testid="case-bank">
                  <Stack gap={2}>
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {bankName(b.bank, lang)}
                      </Text>
                      <ItemStatusBadge status={b.status} />
                    </Group>
                    <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {b.account_no_display}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {b.account_name} · {t(`profile:bank.types.${b.type}`)}
                      {b.branch ? ` · ${t('profile:bank.branchShown', { branch: b.branch })}` : ''}
                    </Text>
                    {!b.name_matches && (
                      <Text size="sm" c="orange.8" data-testid="case-bank-mismatch">
                        <IconAlertTriangle size={14} style={{ verticalAlign: 'text-bottom' }} />{' '}
                        {t('case.nameMismatch')}
                      </Text>
                    )}
                  </Stack>
                </Paper>
              ))
            )}
          </Block>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Block title={`${t('case.documents')} · ${t('case.part.bank')}`} testId="case-bank-documents">
            {documentsFor(data, 'bank').length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('case.noDocuments')}
              </Text>
            ) : (
              documentsFor(data, 'bank').map((d) => <StaffDocument key={d.id} doc={d} />)
            )}
            <Decision data={data} target="bank" memberId={memberId} />
          </Block>
        </Grid.Col>
      </Grid>

      <Block title={t('case.history')}>
        <History data={data} lang={lang} />
      </Block>
    </Stack>
  );
}
