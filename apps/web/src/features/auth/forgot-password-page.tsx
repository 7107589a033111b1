import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { passwordResetRequestBody } from '@portal/contracts/identity';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { applyFieldErrors } from '../../lib/forms';
import { useDescribeError, useTranslateMessage } from '../../lib/i18n/messages';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRequestPasswordReset } from './api/password-reset';
import { AuthHeading } from './components/auth-heading';
import { rememberResetEmail } from './reset-email';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.title'));
  const tm = useTranslateMessage();
  const describe = useDescribeError();
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const form = useForm({ resolver: zodResolver(passwordResetRequestBody), defaultValues: { email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const ticket = await request.mutateAsync(email);
      // The same answer comes whether or not the account exists; the next page just asks for the code.
      rememberResetEmail(ticket.token, email);
      await navigate(paths.auth.verifyCode.href({ flow: 'reset', token: ticket.token }));
    } catch (error) {
      applyFieldErrors(error, form.setError, ['email']);
    }
  });

  return (
    <>
      <AuthHeading title={t('forgot.title')}>{t('forgot.subtitle')}</AuthHeading>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {request.error && !errors.email && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
              {describe(request.error)}
            </Alert>
          )}
          <TextInput
            type="email"
            label={t('forgot.email')}
            autoComplete="email"
            required
            error={tm(errors.email?.message)}
            data-testid="forgot-email"
            {...form.register('email')}
          />
          <Button type="submit" fullWidth loading={form.formState.isSubmitting} data-testid="forgot-submit">
            {t('forgot.submit')}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={paths.auth.login.href()}>
              {t('forgot.backToLogin')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
