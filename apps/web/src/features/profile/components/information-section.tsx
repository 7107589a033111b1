import { Alert, Box, Button, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { User } from '@portal/contracts/identity';
import type { KycOverview } from '@portal/contracts/kyc';
import { MSG } from '@portal/contracts/messages';
import { normaliseIdentityValue, type IdentityType, type UpdateProfileBody } from '@portal/contracts/profile';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../lib/forms';
import { ApiError } from '../../../lib/http/errors';
import { formatDate } from '../../../lib/i18n/dates';
import { useDescribeError, useTranslateMessage } from '../../../lib/i18n/messages';
import type { Language } from '../../../lib/preferences';
import { useUpdateProfile } from '../api/me';
import {
  dayOptions,
  joinBirthday,
  monthOptions,
  splitBirthday,
  yearOptions,
  type BirthdayParts,
} from '../model/birthday';
import { SectionCard } from './section-card';
import { toastSaved } from './toasts';

interface Values extends BirthdayParts {
  first_name: string;
  last_name: string;
  gender: 'male' | 'female';
  identity_type: IdentityType | null;
  identity_value: string;
}

const valuesOf = (user: User): Values => ({
  first_name: user.first_name,
  last_name: user.last_name,
  ...splitBirthday(user.birthday),
  gender: user.gender,
  identity_type: (user.identity_type as IdentityType | null) ?? null,
  identity_value: user.identity_value ?? '',
});

/** Why name, birthday and identity number cannot change now: verified, or a review under way. */
export function identityLock(user: User, kyc: KycOverview | undefined): 'verified' | 'review' | null {
  if (user.is_verifies_identity) return 'verified';
  if (kyc && (kyc.status === 'waiting_for_review' || kyc.status === 'in_progress_review')) return 'review';
  return null;
}

const PROFILE_PREFIX = 'profile:';

export function InformationSection({
  user,
  kyc,
  lang,
}: {
  user: User;
  kyc: KycOverview | undefined;
  lang: Language;
}) {
  const { t } = useTranslation('profile');
  const tm = useTranslateMessage();
  const describe = useDescribeError();
  const update = useUpdateProfile();
  const lock = identityLock(user, kyc);
  const locked = lock !== null;
  // The form starts from the user; a save answers with the user again, which resets it.
  const defaults = useMemo(() => valuesOf(user), [user]);
  const form = useForm<Values>({ values: defaults });
  const { errors } = form.formState;
  const message = (text: string | undefined) =>
    text?.startsWith(PROFILE_PREFIX)
      ? t(text.slice(PROFILE_PREFIX.length) as 'info.birthdayIncomplete')
      : tm(text);

  const onSubmit = form.handleSubmit(async (v) => {
    const body: UpdateProfileBody = {};
    if (v.gender !== user.gender) body.gender = v.gender;
    if (!locked) {
      let bad = false;
      const first = v.first_name.trim();
      const last = v.last_name.trim();
      if (!first) {
        form.setError('first_name', { message: MSG.required });
        bad = true;
      }
      if (!last) {
        form.setError('last_name', { message: MSG.required });
        bad = true;
      }
      const birthday = joinBirthday(v);
      if (birthday === 'incomplete' || birthday === 'invalid') {
        form.setError('day', { message: `${PROFILE_PREFIX}info.birthdayIncomplete` });
        bad = true;
      }
      const value = v.identity_value.trim();
      if (value && !v.identity_type) {
        form.setError('identity_type', { message: MSG.identityPair });
        bad = true;
      } else if (v.identity_type && value && !normaliseIdentityValue(v.identity_type, value)) {
        form.setError('identity_value', {
          message: v.identity_type === 'id_card' ? MSG.invalidIdCard : MSG.invalidPassport,
        });
        bad = true;
      } else if (v.identity_type && !value && user.identity_value) {
        form.setError('identity_value', { message: MSG.identityPair });
        bad = true;
      }
      if (bad) return;
      if (first !== user.first_name) body.first_name = first;
      if (last !== user.last_name) body.last_name = last;
      if (birthday !== (user.birthday ?? null)) body.birthday = birthday as string | null;
      const nextValue = v.identity_type && value ? normaliseIdentityValue(v.identity_type, value) : null;
      if (
        nextValue !== (user.identity_value ?? null) ||
        (nextValue && v.identity_type !== user.identity_type)
      ) {
        body.identity_type = nextValue ? v.identity_type : null;
        body.identity_value = nextValue;
      }
    }
    if (Object.keys(body).length === 0) {
      toastSaved(t('actions.saved'));
      return;
    }
    try {
      await update.mutateAsync(body);
      toastSaved(t('actions.saved'));
    } catch (error) {
      applyFieldErrors(error, form.setError, [
        'first_name',
        'last_name',
        'gender',
        'identity_type',
        'identity_value',
      ]);
      const birthdayError = error instanceof ApiError ? error.field('birthday') : undefined;
      if (birthdayError) form.setError('day', { message: birthdayError });
    }
  });

  const identityType = form.watch('identity_type');
  const parts = form.watch(['day', 'month', 'year']);
  const chosen = joinBirthday({ day: parts[0], month: parts[1], year: parts[2] });
  const shownBirthday =
    chosen && chosen !== 'incomplete' && chosen !== 'invalid' ? formatDate(chosen, lang, 'long') : null;
  const fieldError = Object.values(errors).some(Boolean);
  // Locked values stay readable (a disabled input fades them out); they just cannot change.
  const lockedProps = locked ? { readOnly: true, variant: 'filled' as const } : {};
  // Narrow chevrons, so two digits of a day and four of a year fit on a 360 px phone.
  const compact = { rightSectionWidth: 24, styles: { input: { paddingInlineStart: 10 } } };

  return (
    <SectionCard id="information" title={t('sections.information')}>
      <form noValidate onSubmit={onSubmit} data-testid="information-form">
        <Stack gap="md">
          {lock && (
            <Alert
              color={lock === 'verified' ? 'teal' : 'blue'}
              variant="light"
              icon={<IconLock size={18} />}
            >
              {lock === 'verified' ? t('info.lockedVerified') : t('info.lockedReview')}
            </Alert>
          )}
          {update.error && !fieldError && (
            <Alert color="red" variant="light" role="alert">
              {describe(update.error)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('info.firstName')}
              required
              {...lockedProps}
              autoComplete="given-name"
              error={message(errors.first_name?.message)}
              data-testid="info-first-name"
              {...form.register('first_name')}
            />
            <TextInput
              label={t('info.lastName')}
              required
              {...lockedProps}
              autoComplete="family-name"
              error={message(errors.last_name?.message)}
              data-testid="info-last-name"
              {...form.register('last_name')}
            />
            <TextInput label={t('info.email')} value={user.email} readOnly variant="filled" />
            <TextInput label={t('info.mobile')} value={user.mobile} readOnly variant="filled" />
          </SimpleGrid>

          <Stack gap={4}>
            <Text size="sm" fw={500} component="div" id="birthday-label">
              {t('info.birthday')}
            </Text>
            {/* The month needs the most room: its name must not be cut on a 360 px phone. */}
            <Box
              role="group"
              aria-labelledby="birthday-label"
              style={{
                display: 'grid',
                gap: 'var(--mantine-spacing-xs)',
                gridTemplateColumns: 'minmax(64px, 0.9fr) minmax(120px, 2fr) minmax(84px, 1.2fr)',
              }}
            >
              {(
                [
                  ['day', dayOptions()],
                  ['month', monthOptions(lang)],
                  ['year', yearOptions(lang)],
                ] as const
              ).map(([part, options]) => (
                <Controller
                  key={part}
                  control={form.control}
                  name={part}
                  render={({ field }) => (
                    <Select
                      aria-label={t(`info.${part}`)}
                      placeholder={t(`info.${part}`)}
                      data={options}
                      value={field.value}
                      onChange={(v) => {
                        field.onChange(v);
                        // The day's message speaks for the whole date: a new month or year may mend it.
                        if (part !== 'day') form.clearErrors('day');
                      }}
                      {...lockedProps}
                      searchable
                      allowDeselect={false}
                      error={Boolean(errors.day)}
                      {...compact}
                      data-testid={`info-birthday-${part}`}
                    />
                  )}
                />
              ))}
            </Box>
            {errors.day ? (
              <Text size="xs" c="red" role="alert">
                {message(errors.day.message)}
              </Text>
            ) : (
              shownBirthday && (
                <Text size="sm" c="dimmed" data-testid="info-birthday-shown">
                  {t('info.birthdayShown', { date: shownBirthday })}
                </Text>
              )
            )}
          </Stack>

          <Controller
            control={form.control}
            name="gender"
            render={({ field }) => (
              <Radio.Group label={t('info.gender')} value={field.value} onChange={(v) => field.onChange(v)}>
                <Group gap="lg" mt={4}>
                  <Radio value="male" label={t('info.male')} data-testid="info-gender-male" />
                  <Radio value="female" label={t('info.female')} data-testid="info-gender-female" />
                </Group>
              </Radio.Group>
            )}
          />

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="identity_type"
              render={({ field }) => (
                <Select
                  label={t('info.identityType')}
                  data={[
                    { value: 'id_card', label: t('info.idCard') },
                    { value: 'passport', label: t('info.passport') },
                  ]}
                  value={field.value}
                  onChange={(v) => {
                    field.onChange(v as IdentityType | null);
                    form.clearErrors(['identity_type', 'identity_value']);
                  }}
                  {...lockedProps}
                  clearable
                  error={message(errors.identity_type?.message)}
                  data-testid="info-identity-type"
                />
              )}
            />
            <TextInput
              label={t('info.identityValue')}
              description={
                identityType === 'passport'
                  ? t('info.passportHint')
                  : identityType === 'id_card'
                    ? t('info.idCardHint')
                    : undefined
              }
              inputMode={identityType === 'id_card' ? 'numeric' : 'text'}
              autoComplete="off"
              {...lockedProps}
              error={message(errors.identity_value?.message)}
              data-testid="info-identity-value"
              {...form.register('identity_value')}
            />
          </SimpleGrid>

          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} data-testid="info-save">
              {t('info.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
