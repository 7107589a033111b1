import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlus } from '@tabler/icons-react';
import type { User } from '@portal/contracts/identity';
import type { BankAccount } from '@portal/contracts/profile';
import { MAX_BANK_ACCOUNTS } from '@portal/contracts/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kycReasonText } from '../../../components/kyc/kyc-reason';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useDescribeError } from '../../../lib/i18n/messages';
import type { Language } from '../../../lib/preferences';
import { useBankAccounts, useDeleteBankAccount } from '../api/banks';
import { bankName } from '../../../lib/banks';
import { BankForm } from './bank-form';
import { ConfirmDelete } from './confirm-delete';
import { SectionCard } from './section-card';
import { ItemStatusBadge } from '../../../components/kyc/status-badge';
import { toastSaved } from './toasts';

function BankCard({
  account,
  lang,
  underReview,
  onEdit,
}: {
  account: BankAccount;
  lang: Language;
  underReview: boolean;
  onEdit: () => void;
}) {
  const { t } = useTranslation('profile');
  const describe = useDescribeError();
  const remove = useDeleteBankAccount();
  const approved = account.status === 'success';
  const locked = approved || underReview;
  return (
    <Paper withBorder p="md" radius="md" data-testid="bank-account" data-status={account.status}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={0} style={{ flex: 1, minWidth: 180 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {bankName(account.bank, lang)}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {lang === 'th' ? account.bank.name_en : account.bank.name_th}
            </Text>
          </Stack>
          <ItemStatusBadge status={account.status} />
        </Group>
        <Text
          fw={600}
          size="lg"
          style={{ fontVariantNumeric: 'tabular-nums' }}
          data-testid="bank-account-no-display"
        >
          {account.account_no_display}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {account.account_name} · {t(`bank.types.${account.type}`)}
          {account.branch ? ` · ${t('bank.branchShown', { branch: account.branch })}` : ''}
        </Text>
        {!account.name_matches && (
          <Text size="sm" c="orange.8">
            <IconAlertTriangle size={14} style={{ verticalAlign: 'text-bottom' }} /> {t('bank.nameMismatch')}
          </Text>
        )}
        {account.status === 'fail' && account.reason && (
          <Alert color="red" variant="light" p="xs" data-testid="bank-reason">
            {t('bank.reason', { reason: kycReasonText(t, account) })}
          </Alert>
        )}
        {remove.error && (
          <Text size="sm" c="red" role="alert">
            {describe(remove.error)}
          </Text>
        )}
        {locked ? (
          <Text size="xs" c="dimmed">
            {approved ? t('actions.lockedApproved') : t('actions.lockedReview')}
          </Text>
        ) : (
          <Group gap="xs" justify="flex-end">
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPencil size={14} />}
              onClick={onEdit}
              data-testid="bank-edit"
            >
              {t('actions.edit')}
            </Button>
            <ConfirmDelete
              question={t('bank.deleteQuestion')}
              loading={remove.isPending}
              onConfirm={() => remove.mutateAsync(account.id).then(() => toastSaved(t('actions.deleted')))}
              testId="bank-delete"
            />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function BankSection({
  user,
  lang,
  underReview,
}: {
  user: User;
  lang: Language;
  underReview: boolean;
}) {
  const { t } = useTranslation('profile');
  const list = useBankAccounts();
  const [editing, setEditing] = useState<{ account: BankAccount | null; key: number } | null>(null);
  const open = (account: BankAccount | null) => setEditing((e) => ({ account, key: (e?.key ?? 0) + 1 }));
  const items = list.data?.items ?? [];

  return (
    <SectionCard
      id="bank"
      title={t('bank.title')}
      actions={
        !underReview &&
        items.length < MAX_BANK_ACCOUNTS && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => open(null)}
            data-testid="bank-add"
          >
            {t('bank.add')}
          </Button>
        )
      }
    >
      {list.error ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton height={96} radius="md" />
      ) : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('bank.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {items.map((a) => (
            <BankCard key={a.id} account={a} lang={lang} underReview={underReview} onEdit={() => open(a)} />
          ))}
        </Stack>
      )}
      {editing && (
        <BankForm
          key={editing.key}
          account={editing.account}
          user={user}
          opened
          onClose={() => setEditing(null)}
          lang={lang}
        />
      )}
    </SectionCard>
  );
}
