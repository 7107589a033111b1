import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import type { User } from '@portal/contracts/identity';
import { BANK_ACCOUNT_TYPES, type Bank, type BankAccountType } from '@portal/contracts/banks';
import { bankAccountBody, type BankAccount } from '@portal/contracts/profile';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bankName } from '../../../lib/banks';
import { ApiError } from '../../../lib/http/errors';
import { useDescribeError, useTranslateMessage } from '../../../lib/i18n/messages';
import type { Language } from '../../../lib/preferences';
import { useBanks, useSaveBankAccount } from '../api/banks';
import { groupAccountNoInput, regroupWithCaret } from '../model/account-number';
import { placeMatches } from '../../../lib/address-cascade';
import { toastSaved } from './toasts';
import { useNarrow } from '../../../lib/use-narrow';

type Field = 'code' | 'account_name' | 'account_no' | 'type' | 'branch';

/**
 * The banks a new account may use (merged ones stay only on the accounts that have them), in the
 * reader's language with the other one beside it, searchable in both.
 */
export function bankOptions(banks: readonly Bank[], lang: Language, keep?: string) {
  return banks
    .filter((b) => b.selectable || b.code === keep)
    .map((b) => ({ value: b.code, label: bankName(b, lang), disabled: !b.selectable }));
}

function bankFilter(banks: readonly Bank[]): OptionsFilter {
  const byCode = new Map(banks.map((b) => [b.code as string, b]));
  return ({ options, search }) =>
    (options as ComboboxParsedItem[]).filter((o) => {
      if (!('value' in o)) return true;
      const bank = byCode.get(o.value);
      if (!bank) return true;
      const q = search.trim().toLowerCase();
      return (
        placeMatches(
          { id: 0, name_th: bank.name_th.replace(/^ธนาคาร/, ''), name_en: bank.name_en },
          search,
        ) ||
        placeMatches({ id: 0, name_th: bank.name_th, name_en: bank.code }, search) ||
        (q !== '' && bank.bot_code.includes(q))
      );
    });
}

export function BankForm({
  account,
  user,
  opened,
  onClose,
  lang,
}: {
  account: BankAccount | null;
  user: User;
  opened: boolean;
  onClose: () => void;
  lang: Language;
}) {
  const { t } = useTranslation('profile');
  const tm = useTranslateMessage();
  const describe = useDescribeError();
  const banks = useBanks();
  const save = useSaveBankAccount();
  const phone = useNarrow('xs');
  const [code, setCode] = useState<string | null>(account?.code ?? null);
  const [accountName, setAccountName] = useState(
    account?.account_name ?? `${user.first_name} ${user.last_name}`.trim(),
  );
  const [accountNo, setAccountNo] = useState(account ? groupAccountNoInput(account.account_no) : '');
  const [type, setType] = useState<BankAccountType>(account?.type ?? 'savings');
  const [branch, setBranch] = useState(account?.branch ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const noInput = useRef<HTMLInputElement>(null);

  const list = useMemo(() => banks.data ?? [], [banks.data]);
  const options = useMemo(() => bankOptions(list, lang, account?.code), [list, lang, account?.code]);
  const chosen = list.find((b) => b.code === code);

  const onAccountNo = (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const { value, caret } = regroupWithCaret(input.value, input.selectionStart ?? input.value.length);
    setAccountNo(value);
    setErrors((x) => ({ ...x, account_no: undefined }));
    // After React writes the new value, put the caret back after the same digit.
    requestAnimationFrame(() => {
      if (noInput.current === document.activeElement) noInput.current?.setSelectionRange(caret, caret);
    });
  };

  const submit = async () => {
    const parsed = bankAccountBody.safeParse({
      code: code ?? undefined,
      account_name: accountName,
      account_no: accountNo,
      type,
      branch,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= tm(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({
        id: account?.id ?? null,
        body: {
          code: parsed.data.code,
          account_name: parsed.data.account_name,
          account_no: parsed.data.account_no,
          type: parsed.data.type,
          branch: parsed.data.branch ?? null,
        },
      });
      toastSaved(t('actions.saved'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const next: Partial<Record<Field, string>> = {};
        for (const f of ['code', 'account_name', 'account_no', 'type', 'branch'] as const) {
          const m = tm(error.field(f));
          if (m) next[f] = m;
        }
        setErrors(next);
      }
    }
  };

  const hasFieldError = Object.values(errors).some(Boolean);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={account ? t('bank.form.edit') : t('bank.form.new')}
      size="lg"
      centered
      fullScreen={phone}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="bank-form"
      >
        <Stack gap="md">
          {save.error && !hasFieldError && (
            <Alert color="red" variant="light" role="alert">
              {describe(save.error)}
            </Alert>
          )}
          <Select
            label={t('bank.form.bank')}
            required
            searchable
            placeholder={t('bank.form.search')}
            nothingFoundMessage={t('address.form.nothingFound')}
            data={options}
            filter={bankFilter(list)}
            value={code}
            onChange={(v) => {
              setCode(v);
              setErrors((x) => ({ ...x, code: undefined }));
            }}
            renderOption={({ option }) => {
              const bank = list.find((b) => b.code === option.value);
              return (
                <Stack gap={0}>
                  <Text size="sm">{option.label}</Text>
                  {bank && (
                    <Text size="xs" c="dimmed">
                      {lang === 'th' ? bank.name_en : bank.name_th} · {bank.bot_code}
                    </Text>
                  )}
                </Stack>
              );
            }}
            description={chosen ? (lang === 'th' ? chosen.name_en : chosen.name_th) : undefined}
            error={errors.code ?? (chosen && !chosen.selectable ? t('bank.merged') : undefined)}
            maxDropdownHeight={280}
            data-testid="bank-code"
          />
          <TextInput
            label={t('bank.form.accountName')}
            description={t('bank.form.accountNameHint')}
            required
            value={accountName}
            onChange={(e) => setAccountName(e.currentTarget.value)}
            error={errors.account_name}
            data-testid="bank-account-name"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              ref={noInput}
              label={t('bank.form.accountNo')}
              description={t('bank.form.accountNoHint')}
              required
              inputMode="numeric"
              autoComplete="off"
              value={accountNo}
              onChange={onAccountNo}
              error={errors.account_no}
              data-testid="bank-account-no"
            />
            <Select
              label={t('bank.form.type')}
              required
              allowDeselect={false}
              data={BANK_ACCOUNT_TYPES.map((v) => ({ value: v, label: t(`bank.types.${v}`) }))}
              value={type}
              onChange={(v) => v && setType(v as BankAccountType)}
              error={errors.type}
              data-testid="bank-type"
            />
          </SimpleGrid>
          <TextInput
            label={t('bank.form.branch')}
            value={branch}
            onChange={(e) => setBranch(e.currentTarget.value)}
            error={errors.branch}
            data-testid="bank-branch"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="bank-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
