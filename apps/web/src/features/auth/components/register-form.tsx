import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { registerBody, type RegisterBody } from '@portal/contracts/identity';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyFieldErrors } from '../../../lib/forms';
import { useDescribeError, useTranslateMessage } from '../../../lib/i18n/messages';
import { paths } from '../../../lib/paths';

/** The checkboxes start unticked, which the contract's `accept_terms: true` cannot describe. */
type RegisterFormValues = Omit<RegisterBody, 'accept_terms' | 'accept_privacy'> & {
  accept_terms: boolean;
  accept_privacy: boolean;
};
type RegisterOutput = ReturnType<typeof registerBody.parse>;

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'mobile',
  'gender',
  'password',
  'password_confirmation',
  'authen_type_default',
  'accept_terms',
  'accept_privacy',
] as const;

// The contract schema checks the whole form, including the unticked boxes (→ termsRequired, privacyRequired).
const resolver = zodResolver(registerBody) as unknown as Resolver<
  RegisterFormValues,
  unknown,
  RegisterOutput
>;

export function RegisterForm({
  refCode,
  onSubmit,
}: {
  refCode: string;
  onSubmit: (body: RegisterOutput) => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const tm = useTranslateMessage();
  const describe = useDescribeError();
  const form = useForm<RegisterFormValues, unknown, RegisterOutput>({
    resolver,
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      mobile: '',
      password: '',
      password_confirmation: '',
      country_id: 764,
      authen_type_default: 'mobile',
      ref_uuid: refCode,
      accept_terms: false,
      accept_privacy: false,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS))
        form.setError('root', { message: describe(error) });
    }
  });

  const rootError = errors.root?.message ?? (errors.ref_uuid ? tm(errors.ref_uuid.message) : undefined);

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {rootError && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
            {rootError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('register.firstName')}
            autoComplete="given-name"
            required
            error={tm(errors.first_name?.message)}
            data-testid="register-first_name"
            {...form.register('first_name')}
          />
          <TextInput
            label={t('register.lastName')}
            autoComplete="family-name"
            required
            error={tm(errors.last_name?.message)}
            data-testid="register-last_name"
            {...form.register('last_name')}
          />
        </SimpleGrid>
        <TextInput
          type="email"
          label={t('register.email')}
          autoComplete="email"
          required
          error={tm(errors.email?.message)}
          data-testid="register-email"
          {...form.register('email')}
        />
        <TextInput
          type="tel"
          label={t('register.mobile')}
          description={t('register.mobileHint')}
          autoComplete="tel-national"
          inputMode="tel"
          required
          error={tm(errors.mobile?.message)}
          data-testid="register-mobile"
          {...form.register('mobile')}
        />
        <Controller
          control={form.control}
          name="gender"
          render={({ field }) => (
            <Radio.Group
              label={t('register.gender')}
              required
              value={field.value ?? null}
              onChange={field.onChange}
              error={tm(errors.gender?.message)}
              data-testid="register-gender"
            >
              <Group gap="lg" mt={6}>
                <Radio value="male" label={t('register.male')} data-testid="register-gender-male" />
                <Radio value="female" label={t('register.female')} data-testid="register-gender-female" />
              </Group>
            </Radio.Group>
          )}
        />
        <PasswordInput
          label={t('register.password')}
          description={t('register.passwordHint')}
          autoComplete="new-password"
          required
          error={tm(errors.password?.message)}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          data-testid="register-password"
          {...form.register('password')}
        />
        <PasswordInput
          label={t('register.passwordConfirmation')}
          autoComplete="new-password"
          required
          error={tm(errors.password_confirmation?.message)}
          visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
          data-testid="register-password_confirmation"
          {...form.register('password_confirmation')}
        />
        <Controller
          control={form.control}
          name="authen_type_default"
          render={({ field }) => (
            <Radio.Group
              label={t('register.verifyBy')}
              value={field.value ?? 'mobile'}
              onChange={field.onChange}
              data-testid="register-authen_type_default"
            >
              <Stack gap="xs" mt={6}>
                <Radio
                  value="mobile"
                  label={t('register.verifyByMobile')}
                  data-testid="register-authen_type_default-mobile"
                />
                <Radio
                  value="email"
                  label={t('register.verifyByEmail')}
                  data-testid="register-authen_type_default-email"
                />
              </Stack>
            </Radio.Group>
          )}
        />
        <Checkbox
          label={
            <Trans
              t={t}
              i18nKey="register.acceptTerms"
              components={{
                terms: (
                  <Anchor component={Link} to={paths.terms.href()} target="_blank" rel="noopener" inherit />
                ),
              }}
            />
          }
          error={tm(errors.accept_terms?.message)}
          data-testid="register-accept_terms"
          {...form.register('accept_terms')}
        />
        <Checkbox
          label={
            <Trans
              t={t}
              i18nKey="register.acceptPrivacy"
              components={{
                policy: (
                  <Anchor component={Link} to={paths.policy.href()} target="_blank" rel="noopener" inherit />
                ),
              }}
            />
          }
          error={tm(errors.accept_privacy?.message)}
          data-testid="register-accept_privacy"
          {...form.register('accept_privacy')}
        />
        <Button type="submit" fullWidth loading={isSubmitting} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
