import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { passwordResetBody } from '@portal/contracts/identity';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader';
import { applyFieldErrors } from '../../lib/forms';
import { isApiError } from '../../lib/http/errors';
import { useDescribeError, useTranslateMessage } from '../../lib/i18n/messages';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCheckResetCode, useResetPassword, useResetTicket } from './api/password-reset';
import { AuthHeading } from './components/auth-heading';
import { AuthResult } from './components/auth-result';
import { CodeEntry } from '../../components/otp/code-entry';
import { isRefusal } from '../../components/otp/code-sending';

export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  useDocumentTitle(t('reset.title'));
  const describe = useDescribeError();
  const { resetPasswordToken: token = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const ticket = useResetTicket(token);
  const check = useCheckResetCode();
  const [wrongCode, setWrongCode] = useState(false);
  const [done, setDone] = useState(false);

  if (ticket.isPending) return <PageLoader />;
  if (ticket.isError) {
    return (
      <AuthResult
        kind="error"
        title={describe(ticket.error)}
        actions={
          <Button component={Link} to={paths.auth.forgotPassword.href()}>
            {t('reset.startAgain')}
          </Button>
        }
      />
    );
  }

  if (done) {
    return (
      <AuthResult
        kind="success"
        title={t('reset.doneTitle')}
        actions={
          <Button component={Link} to={paths.auth.login.href()}>
            {t('common:actions.toLogin')}
          </Button>
        }
      >
        {t('reset.done')}
      </AuthResult>
    );
  }

  if (!code) {
    const error = wrongCode
      ? t('errors:INVALID_RESET_CODE')
      : check.error
        ? describe(check.error)
        : undefined;
    return (
      <>
        <AuthHeading title={t('reset.title')}>{t('code.sentTo', { to: ticket.data.email })}</AuthHeading>
        <CodeEntry
          pending={check.isPending}
          error={error}
          refused={wrongCode || isRefusal(check.error)}
          onSubmit={(value) => {
            setWrongCode(false);
            check.mutate(
              { token, code: value },
              {
                onSuccess: (answer) => {
                  if (answer.code_valid === false) setWrongCode(true);
                  else setParams({ code: value }, { replace: true });
                },
              },
            );
          }}
        />
      </>
    );
  }

  return (
    <NewPasswordForm
      token={token}
      code={code}
      onDone={() => setDone(true)}
      onWrongCode={() => {
        setWrongCode(true);
        setParams({}, { replace: true });
      }}
    />
  );
}

function NewPasswordForm({
  token,
  code,
  onDone,
  onWrongCode,
}: {
  token: string;
  code: string;
  onDone: () => void;
  onWrongCode: () => void;
}) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const tm = useTranslateMessage();
  const describe = useDescribeError();
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(passwordResetBody),
    defaultValues: { token, code, password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
      onDone();
    } catch (error) {
      if (isApiError(error, 'INVALID_RESET_CODE')) onWrongCode();
      else applyFieldErrors(error, form.setError, ['password', 'password_confirmation']);
    }
  });

  // A code that fails the contract's format can only come from a hand-edited link.
  const badLink = Boolean(errors.code || errors.token);
  const alert = badLink
    ? t('errors:INVALID_RESET_CODE')
    : reset.error && !errors.password && !errors.password_confirmation
      ? describe(reset.error)
      : null;

  return (
    <>
      <AuthHeading title={t('reset.title')}>{t('reset.subtitle')}</AuthHeading>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {alert && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
              {alert}
            </Alert>
          )}
          <PasswordInput
            label={t('reset.password')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            required
            error={tm(errors.password?.message)}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            data-testid="reset-password"
            {...form.register('password')}
          />
          <PasswordInput
            label={t('reset.passwordConfirmation')}
            autoComplete="new-password"
            required
            error={tm(errors.password_confirmation?.message)}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            data-testid="reset-password_confirmation"
            {...form.register('password_confirmation')}
          />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
