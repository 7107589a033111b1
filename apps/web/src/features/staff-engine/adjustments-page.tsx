import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import {
  adjustmentBody,
  type Adjustment,
  type AdjustmentBody,
  type AdjustmentKind,
  type MemberBalance,
} from '@portal/contracts/engine';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ui/error-alert';
import { ApiError } from '../../lib/http/errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAdjust, useAdjustments, useMemberSearch } from './api/adjustments';
import { Money } from '../../components/ui/money';
import { useFormat } from '../../lib/i18n/use-format';
import { useDescribeRefusal } from './components/bits';
import { RecordTable } from '../../components/record-table';
import './engine-namespace';

/** The form as typed; the member is the one chosen. */
interface AdjustValues {
  kind: AdjustmentKind;
  amount: string;
  remark: string;
}

function MemberCard({
  member,
  selected,
  onPick,
}: {
  member: MemberBalance;
  selected: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation('engine');
  const f = useFormat();
  return (
    <UnstyledButton
      onClick={onPick}
      data-testid="adjust-member"
      data-member={member.member_id}
      aria-pressed={selected}
    >
      <Paper withBorder p="sm" radius="md" bg={selected ? 'var(--mantine-color-teal-light)' : undefined}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={600}>
              {member.member_code} · {member.name}
            </Text>
            <Text size="xs" c="dimmed">
              {member.email} · {member.mobile}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="sm" data-testid="adjust-member-lvp">
              {t('adjust.lvp')}: {f.count(member.lvp_balance)}
            </Text>
            <Text size="sm" data-testid="adjust-member-points">
              {t('adjust.points')}: <Money value={member.point_balance} />
            </Text>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** The form: LVP (whole points) or the point balance, added or taken, always with a remark. */
function AdjustForm({ member }: { member: MemberBalance }) {
  const { t } = useTranslation('engine');
  const f = useFormat();
  const adjust = useAdjust();
  const refusal = useDescribeRefusal();
  const form = useForm<AdjustValues, unknown, AdjustmentBody>({
    defaultValues: { kind: 'LVP', amount: '', remark: '' },
    // The contract's rules, each refusal said as the desk says it.
    resolver: (values) => {
      const checked = adjustmentBody.safeParse({ member_id: member.member_id, ...values });
      if (checked.success) return { values: checked.data, errors: {} };
      const errors: FieldErrors<AdjustValues> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'remark') errors.remark = { type: 'rule', message: t('adjust.remarkRequired') };
        if (field === 'amount')
          errors.amount = {
            type: 'rule',
            message: t(values.kind === 'LVP' ? 'adjust.amountLvp' : 'adjust.amountPoints'),
          };
      }
      return { values: {}, errors };
    },
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');

  const onSubmit = form.handleSubmit((body) =>
    adjust.mutate(body, {
      onSuccess: (made) => {
        form.reset({ kind: body.kind, amount: '', remark: '' });
        notifications.show({
          color: 'teal',
          message: t('adjust.done', {
            member: made.member_code,
            balance: made.kind === 'LVP' ? made.balance_after : f.money(made.balance_after),
          }),
        });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.errorCode === 'VALIDATION_ERROR' && error.field('remark'))
          form.setError('remark', { message: t('adjust.remarkRequired') });
      },
    }),
  );

  return (
    <Paper
      withBorder
      p="md"
      radius="lg"
      component="form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      data-testid="adjust-form"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('adjust.formTitle', { member: member.member_code })}
        </Title>
        <SegmentedControl
          value={kind}
          onChange={(v) => form.setValue('kind', v as AdjustmentKind)}
          data={[
            { value: 'LVP', label: t('adjust.lvp') },
            { value: 'POINTS', label: t('adjust.points') },
          ]}
          data-testid="adjust-kind"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('adjust.amount')}
            description={t('adjust.amountHint')}
            inputMode="decimal"
            error={errors.amount?.message}
            data-testid="adjust-amount"
            {...form.register('amount')}
          />
          <Textarea
            label={t('adjust.remark')}
            description={t('adjust.remarkHint')}
            autosize
            minRows={2}
            maxLength={500}
            withAsterisk
            error={errors.remark?.message}
            data-testid="adjust-remark"
            {...form.register('remark')}
          />
        </SimpleGrid>
        {adjust.isError &&
          !(adjust.error instanceof ApiError && adjust.error.errorCode === 'VALIDATION_ERROR') && (
            <Alert color="red" variant="light" data-testid="adjust-refused">
              {refusal(adjust.error)}
            </Alert>
          )}
        <Group justify="flex-end">
          <Button type="submit" loading={adjust.isPending} data-testid="adjust-submit">
            {t('adjust.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /staff/adjustments: find a member, adjust their LVP or point balance with a remark; the adjustments made. */
export default function AdjustmentsPage() {
  const { t } = useTranslation('engine');
  useDocumentTitle(t('adjust.title'));
  const f = useFormat();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const found = useMemberSearch(q);
  const member = found.data?.find((m) => m.member_id === picked) ?? null;
  const history = useAdjustments(picked, page);

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('adjust.title')}
        </Title>
        <Text c="dimmed">{t('adjust.subtitle')}</Text>
      </Stack>
      <Paper withBorder p="md" radius="lg">
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            setQ(search.trim());
            setPicked(null);
            setPage(1);
          }}
        >
          <Group gap="sm" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={t('adjust.find')}
              placeholder={t('adjust.findPlaceholder')}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              data-testid="adjust-search"
            />
            <Button type="submit" variant="light" data-testid="adjust-search-submit">
              {t('adjust.findButton')}
            </Button>
          </Group>
        </form>
      </Paper>
      {found.isError && <ErrorAlert error={found.error} onRetry={() => void found.refetch()} />}
      {q && found.data?.length === 0 && (
        <Text c="dimmed" ta="center">
          {t('adjust.noneFound')}
        </Text>
      )}
      {found.data && found.data.length > 0 && (
        <Stack gap="xs">
          {found.data.map((m) => (
            <MemberCard
              key={m.member_id}
              member={m}
              selected={m.member_id === picked}
              onPick={() => (setPicked(m.member_id), setPage(1))}
            />
          ))}
        </Stack>
      )}
      {member && <AdjustForm member={member} />}
      <Stack gap="xs">
        <Title order={2} size="h3">
          {member ? t('adjust.historyOf', { member: member.member_code }) : t('adjust.history')}
        </Title>
        {history.isError ? (
          <ErrorAlert error={history.error} onRetry={() => void history.refetch()} />
        ) : (
          <RecordTable<Adjustment>
            data-testid="adjust-history"
            records={history.data?.items ?? []}
            fetching={history.isPending}
            totalRecords={history.data?.pagination.total ?? 0}
            recordsPerPage={DEFAULT_PER_PAGE}
            page={page}
            onPageChange={setPage}
            columns={[
              { accessor: 'created_at', title: t('adjust.when'), render: (a) => f.instant(a.created_at) },
              {
                accessor: 'member_code',
                title: t('adjust.member'),
                render: (a) => `${a.member_code} · ${a.name}`,
              },
              {
                accessor: 'kind',
                title: t('adjust.kind'),
                render: (a) => t(a.kind === 'LVP' ? 'adjust.lvp' : 'adjust.points'),
              },
              {
                accessor: 'amount',
                title: t('adjust.amount'),
                textAlign: 'right',
                render: (a) => (a.kind === 'LVP' ? f.count(Number(a.amount)) : <Money value={a.amount} />),
              },
              { accessor: 'remark', title: t('adjust.remark') },
              {
                accessor: 'staff',
                title: t('adjust.by'),
                visibleMediaQuery: '(min-width: 48em)',
                render: (a) => a.staff?.name ?? '–',
              },
            ]}
          />
        )}
      </Stack>
    </Stack>
  );
}
