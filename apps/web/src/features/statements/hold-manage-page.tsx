import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { HoldRelease, HoldTarget } from '@portal/contracts/statements';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { useDescribeError } from '../../lib/i18n/messages';
import { isApiError } from '../../lib/http/errors';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useHoldLot, useReleaseHold } from './api';
import { RecordTable } from '../../components/record-table';
import { useFormat } from '../../lib/i18n/use-format';
import './statements-namespace';
import { LotStatusBadge } from './hold-points-page';
import { amountProblem, businessTodayOf, refusalKey, TARGETS } from './model';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** /hold_point/manage/:lotId: one lot, its releases, and a release with a confirmation (plan 5.1). */
export default function HoldManagePage() {
  const { t } = useTranslation('statements');
  useDocumentTitle(t('manage.title'));
  const f = useFormat();
  const describe = useDescribeError();
  const lotId = Number(useParams().lotId);
  const lot = useHoldLot(lotId);
  const release = useReleaseHold(lotId);
  const [amount, setAmount] = useState('');
  const [target, setTarget] = useState<HoldTarget>('SELF');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (lot.isPending) return <PageLoader />;
  if (lot.isError) {
    return (
      <Stack gap="md">
        <BackLink />
        {isApiError(lot.error, 'NOT_FOUND') || !Number.isInteger(lotId) ? (
          <Alert color="gray" title={t('manage.notFound')} data-testid="lot-not-found" />
        ) : (
          <ErrorAlert error={lot.error} onRetry={() => void lot.refetch()} />
        )}
      </Stack>
    );
  }
  const l = lot.data;
  const problem = amountProblem(amount, l.pv_remaining);
  const problemText = problem ? t(`manage.errors.${problem}`, { remaining: f.count(l.pv_remaining) }) : null;
  const refusal = release.error ? refusalKey(release.error) : null;
  const refusalText = release.error
    ? refusal
      ? t(`manage.${refusal}`, { remaining: f.count(l.pv_remaining) })
      : describe(release.error)
    : null;

  const submit = () => {
    setTouched(true);
    release.reset();
    if (!problem) setConfirming(true);
  };
  const confirm = () =>
    release.mutate(
      { pv: Number(amount.trim()), target },
      {
        onSuccess: (r) => {
          setConfirming(false);
          setAmount('');
          setTouched(false);
          notifications.show({
            color: 'teal',
            message: t('manage.done', {
              pv: f.count(r.release.pv),
              target: t(`targets.${r.release.target}`),
            }),
          });
        },
        onError: () => {
          // The lot may have changed since the page read it (another tab, the deadline): read it again.
          setConfirming(false);
          void lot.refetch();
        },
      },
    );

  return (
    <Stack gap="lg">
      <BackLink />
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('manage.title')}
        </Title>
        <Group gap="xs">
          <Text c="dimmed">{t('manage.lot', { id: l.id, order: l.order_no })}</Text>
          <LotStatusBadge status={l.status} />
        </Group>
      </Stack>

      <Card withBorder radius="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label={t('hold.total')} value={f.count(l.pv_total)} />
          <Figure label={t('hold.released')} value={f.count(l.pv_released)} testId="lot-released" />
          <Figure label={t('hold.remaining')} value={f.count(l.pv_remaining)} testId="lot-remaining" />
          <Figure label={t('hold.deadline')} value={f.day(l.deadline)} />
        </SimpleGrid>
      </Card>

      {refusalText && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="release-error">
          {refusalText}
        </Alert>
      )}

      {l.can_release ? (
        <Card
          withBorder
          radius="md"
          component="form"
          noValidate
          onSubmit={(e) => (e.preventDefault(), submit())}
        >
          <Stack gap="md">
            <TextInput
              label={t('manage.amount')}
              description={t('manage.amountHint', { remaining: f.count(l.pv_remaining) })}
              inputMode="numeric"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              onBlur={() => setTouched(true)}
              error={touched ? problemText : null}
              maw={320}
              data-testid="release-amount"
              rightSectionWidth={72}
              rightSection={
                <Button size="compact-xs" variant="light" onClick={() => setAmount(String(l.pv_remaining))}>
                  {t('manage.all')}
                </Button>
              }
            />
            <Radio.Group
              label={t('manage.target')}
              value={target}
              onChange={(v) => setTarget(v as HoldTarget)}
              data-testid="release-target"
            >
              <Stack gap="sm" mt="xs">
                {TARGETS.map((x) => (
                  <Radio
                    key={x}
                    value={x}
                    label={t(`targets.${x}`)}
                    description={t(`manage.targetHelp.${x}`)}
                    data-testid={`target-${x}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Group>
              <Button type="submit" data-testid="release-submit">
                {t('manage.submit')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <Alert color="gray" data-testid="release-closed">
          {l.status === 'OPEN' ? t('manage.suspended') : t('manage.closed')}
        </Alert>
      )}

      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('manage.history')}
        </Title>
        <RecordTable<HoldRelease>
          data-testid="lot-releases"
          records={l.releases}
          noRecordsText={t('manage.noReleases')}
          recordAttributes={() => ({ 'data-testid': 'lot-release' })}
          columns={[
            { accessor: 'release_date', title: t('manage.date'), render: (r) => f.day(r.release_date) },
            { accessor: 'pv', title: t('manage.pv'), textAlign: 'right', render: (r) => f.count(r.pv) },
            { accessor: 'target', title: t('manage.target'), render: (r) => t(`targets.${r.target}`) },
            {
              accessor: 'auto',
              title: '',
              render: (r) => (
                <Text size="sm" c="dimmed">
                  {r.auto ? t('manage.auto') : t('manage.byMember')}
                </Text>
              ),
            },
          ]}
        />
      </Stack>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('manage.confirmTitle')}
        centered
        data-testid="release-confirm"
      >
        <Stack gap="md">
          <Text>
            {t('manage.confirmBody', {
              pv: amount.trim() === '' ? '' : f.count(Number(amount.trim())),
              target: t(`targets.${target}`),
              date: f.longDay(businessTodayOf(l)),
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('manage.cancel')}
            </Button>
            <Button loading={release.isPending} onClick={confirm} data-testid="release-confirm-button">
              {t('manage.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function BackLink() {
  const { t } = useTranslation('statements');
  return (
    <Anchor component={Link} to={paths.holdPoint.href()} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('manage.back')}
      </Group>
    </Anchor>
  );
}
