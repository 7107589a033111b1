import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { changePasswordBody } from '@portal/contracts/identity';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../lib/forms';
import { useDescribeError, useTranslateMessage } from '../../lib/i18n/messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useChangePassword } from './api/change-password';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

export default function ChangePasswordPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('changePassword.title'));
  const tm = useTranslateMessage();
  const describe = useDescribeError();
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordBody), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      notifications.show({
        color: 'teal',
        icon: <IconCheck size={18} />,
        title: t('changePassword.doneTitle'),
        message: t('changePassword.done'),
      });
    } catch (error) {
      applyFieldErrors(error, form.setError, ['current_password', 'password', 'password_confirmation']);
    }
  });

  const fieldError = errors.current_password || errors.password || errors.password_confirmation;
  const toggle = { 'aria-label': t('changePassword.toggle') };

  return (
    <Stack gap="lg" maw={520}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('changePassword.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('changePassword.subtitle')}
        </Text>
      </Stack>
      <Paper withBorder p="lg" radius="lg">
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            {change.error && !fieldError && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
                {describe(change.error)}
              </Alert>
            )}
            <PasswordInput
              label={t('changePassword.current')}
              autoComplete="current-password"
              required
              error={tm(errors.current_password?.message)}
              visibilityToggleButtonProps={toggle}
              data-testid="change-password-current"
              {...form.register('current_password')}
            />
            <PasswordInput
              label={t('changePassword.new')}
              description={t('changePassword.hint')}
              autoComplete="new-password"
              required
              error={tm(errors.password?.message)}
              visibilityToggleButtonProps={toggle}
              data-testid="change-password-new"
              {...form.register('password')}
            />
            <PasswordInput
              label={t('changePassword.confirm')}
              autoComplete="new-password"
              required
              error={tm(errors.password_confirmation?.message)}
              visibilityToggleButtonProps={toggle}
              data-testid="change-password-confirm"
              {...form.register('password_confirmation')}
            />
            <Button type="submit" loading={form.formState.isSubmitting} data-testid="change-password-submit">
              {t('changePassword.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
