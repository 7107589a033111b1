import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import type { User } from '@portal/contracts/identity';
import { BANK_ACCOUNT_TYPES, type Bank, type BankAccountType } from '@portal/contracts/banks';
import { bankAccountBody, type BankAccount, type BankAccountBody } from '@portal/contracts/profile';
import { useMemo, useRef, type ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { bankName } from '../../../lib/banks';
import { applyFieldErrors } from '../../../lib/forms';
import { useDescribeError, useTranslateMessage } from '../../../lib/i18n/messages';
import type { Language } from '../../../lib/preferences';
import { zodResolver } from '@hookform/resolvers/zod';
import { useBanks, useSaveBankAccount } from '../api/banks';
import { groupAccountNoInput, regroupWithCaret } from '../model/account-number';
import { placeMatches } from '../../../lib/address-cascade';
import { toastSaved } from './toasts';
import { useNarrow } from '../../../lib/use-narrow';

/** The form as typed: the bank is null until one is picked, the account number grouped. */
interface BankValues {
  code: string | null;
  account_name: string;
  account_no: string;
  type: BankAccountType;
  branch: string;
}
const FIELDS = ['code', 'account_name', 'account_no', 'type', 'branch'] as const;

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
  const form = useForm<BankValues, unknown, BankAccountBody>({
    defaultValues: {
      code: account?.code ?? null,
      account_name: account?.account_name ?? `${user.first_name} ${user.last_name}`.trim(),
      account_no: account ? groupAccountNoInput(account.account_no) : '',
      type: account?.type ?? 'savings',
      branch: account?.branch ?? '',
    },
    // The contract's own rules (a bank not picked yet is refused with their message).
    resolver: (values, context, options) =>
      zodResolver(bankAccountBody)(
        { ...values, code: values.code ?? undefined } as BankAccountBody,
        context,
        options as never,
      ),
  });
  const { errors } = form.formState;
  const code = form.watch('code');
  const noInput = useRef<HTMLInputElement>(null);

  const list = useMemo(() => banks.data ?? [], [banks.data]);
  const options = useMemo(() => bankOptions(list, lang, account?.code), [list, lang, account?.code]);
  const chosen = list.find((b) => b.code === code);

  const onAccountNo = (e: ChangeEvent<HTMLInputElement>, onChange: (value: string) => void) => {
    const input = e.currentTarget;
    const { value, caret } = regroupWithCaret(input.value, input.selectionStart ?? input.value.length);
    onChange(value);
    // After React writes the new value, put the caret back after the same digit.
    requestAnimationFrame(() => {
      if (noInput.current === document.activeElement) noInput.current?.setSelectionRange(caret, caret);
    });
  };

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({
        id: account?.id ?? null,
        body: {
          code: body.code,
          account_name: body.account_name,
          account_no: body.account_no,
          type: body.type,
          branch: body.branch ?? null,
        },
      });
      toastSaved(t('actions.saved'));
      onClose();
    } catch (error) {
      applyFieldErrors(error, form.setError, FIELDS);
    }
  });

  const hasFieldError = Object.keys(errors).length > 0;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={account ? t('bank.form.edit') : t('bank.form.new')}
      size="lg"
      centered
      fullScreen={phone}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} data-testid="bank-form">
        <Stack gap="md">
          {save.error && !hasFieldError && (
            <Alert color="red" variant="light" role="alert">
              {describe(save.error)}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="code"
            render={({ field }) => (
              <Select
                label={t('bank.form.bank')}
                required
                searchable
                placeholder={t('bank.form.search')}
                nothingFoundMessage={t('address.form.nothingFound')}
                data={options}
                filter={bankFilter(list)}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
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
                error={
                  tm(errors.code?.message) ?? (chosen && !chosen.selectable ? t('bank.merged') : undefined)
                }
                maxDropdownHeight={280}
                data-testid="bank-code"
              />
            )}
          />
          <TextInput
            label={t('bank.form.accountName')}
            description={t('bank.form.accountNameHint')}
            required
            error={tm(errors.account_name?.message)}
            {...form.register('account_name')}
            data-testid="bank-account-name"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="account_no"
              render={({ field }) => (
                <TextInput
                  ref={(input) => {
                    noInput.current = input;
                    field.ref(input);
                  }}
                  label={t('bank.form.accountNo')}
                  description={t('bank.form.accountNoHint')}
                  required
                  inputMode="numeric"
                  autoComplete="off"
                  name={field.name}
                  value={field.value}
                  onChange={(e) => onAccountNo(e, field.onChange)}
                  onBlur={field.onBlur}
                  error={tm(errors.account_no?.message)}
                  data-testid="bank-account-no"
                />
              )}
            />
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <Select
                  label={t('bank.form.type')}
                  required
                  allowDeselect={false}
                  data={BANK_ACCOUNT_TYPES.map((v) => ({ value: v, label: t(`bank.types.${v}`) }))}
                  value={field.value}
                  onChange={(v) => v && field.onChange(v as BankAccountType)}
                  error={tm(errors.type?.message)}
                  data-testid="bank-type"
                />
              )}
            />
          </SimpleGrid>
          <TextInput
            label={t('bank.form.branch')}
            error={tm(errors.branch?.message)}
            {...form.register('branch')}
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
