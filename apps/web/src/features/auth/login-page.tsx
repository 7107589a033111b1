import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { loginBody } from '@portal/contracts/identity';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyFieldErrors } from '../../lib/forms';
import { useDescribeError, useTranslateMessage } from '../../lib/i18n/messages';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLogin } from './api/login';
import { AuthHeading } from './components/auth-heading';

/**
 * Sign in. On success the session store changes and the route guard moves the member on
 * (to `next` when it is a same-origin path, else to their landing page).
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const describe = useDescribeError();
  const tm = useTranslateMessage();
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(loginBody), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
    } catch (error) {
      applyFieldErrors(error, form.setError, ['username', 'password']);
    }
  });

  const formError =
    login.error && !form.formState.errors.username && !form.formState.errors.password ? login.error : null;

  return (
    <>
      <AuthHeading title={t('login.title')}>{t('login.subtitle')}</AuthHeading>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
              {describe(formError)}
            </Alert>
          )}
          <TextInput
            label={t('login.username')}
            description={t('login.usernameHint')}
            autoComplete="username"
            inputMode="email"
            required
            error={tm(errors.username?.message)}
            data-testid="login-username"
            {...form.register('username')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            error={tm(errors.password?.message)}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            data-testid="login-password"
            {...form.register('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.auth.forgotPassword.href()} size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={form.formState.isSubmitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
