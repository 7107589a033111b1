import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconFingerprint } from '@tabler/icons-react';
import type { LoginBody, loginBody } from '@portal/contracts/identity';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/http/errors';
import { useDescribeError, useTranslateMessage } from '../../lib/i18n/messages';
import { preloadPage } from '../../lib/navigation';
import { paths, safeNextPath } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { signIn } from './api/login';
import { AuthHeading } from './components/auth-heading';

const FIELDS = ['username', 'password'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

/**
 * The sign-in rules are the contract's (loginBody); they come with zod and the field messages once
 * the visitor starts filling the form in, not with the page, which is the first thing most visits load (decision 015).
 */
let rules: Promise<typeof loginBody> | undefined;
const loadRules = () =>
  (rules ??= Promise.all([
    import('@portal/contracts/identity'),
    // The field messages, with the rules that produce them.
    import('../../lib/i18n/validation-texts'),
  ]).then(([m]) => m.loginBody));

async function check(values: LoginBody): Promise<{ data?: LoginBody; errors: FieldErrors }> {
  const result = (await loadRules()).safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * Sign in. On success the session store changes and the route guard moves the member on
 * (to `next` when it is a same-origin path, else to their landing page).
 */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.title'));
  const describe = useDescribeError();
  const tm = useTranslateMessage();
  const [values, setValues] = useState<LoginBody>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  // After the first submit, a field is checked again as it changes.
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = FIELDS.find((f) => next[f]);
    if (first) inputs[first].current?.focus();
    return first !== undefined;
  };

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (submitted) void check(next).then((r) => setErrors(r.errors));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setPending(true);
    setFailure(null);
    try {
      const { data, errors: invalid } = await check(values);
      if (showErrors(invalid) || !data) return;
      // Where the guard will send the member (the `next` page, else the dashboard): its code downloads
      // during the sign-in call.
      preloadPage(
        safeNextPath(new URLSearchParams(window.location.search).get('next')) ?? paths.dashboard.path,
      );
      await signIn(data);
    } catch (error) {
      setFailure(error);
      // The server's field messages go on their fields; anything else is the alert above the form.
      if (error instanceof ApiError) showErrors(Object.fromEntries(FIELDS.map((f) => [f, error.field(f)])));
    } finally {
      setPending(false);
    }
  };

  const formError = failure && !errors.username && !errors.password ? failure : null;

  // Sign-in by passkey, the password kept beside it: its code is loaded when chosen (decision 015's budget).
  const [passkeyPending, setPasskeyPending] = useState(false);
  const [passkeyFailed, setPasskeyFailed] = useState(false);
  const canPasskey = typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
  const onPasskey = async () => {
    setPasskeyPending(true);
    setPasskeyFailed(false);
    setFailure(null);
    try {
      const { signInWithPasskey } = await import('./api/passkey-sign-in');
      await signInWithPasskey();
    } catch {
      setPasskeyFailed(true);
    } finally {
      setPasskeyPending(false);
    }
  };

  return (
    <>
      <AuthHeading title={t('login.title')}>{t('login.subtitle')}</AuthHeading>
      <form noValidate onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadRules()}>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
              {describe(formError)}
            </Alert>
          )}
          <TextInput
            ref={inputs.username}
            name="username"
            label={t('login.username')}
            description={t('login.usernameHint')}
            autoComplete="username"
            inputMode="email"
            required
            value={values.username}
            onChange={change('username')}
            error={tm(errors.username)}
            data-testid="login-username"
          />
          <PasswordInput
            ref={inputs.password}
            name="password"
            label={t('login.password')}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={change('password')}
            error={tm(errors.password)}
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            data-testid="login-password"
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.auth.forgotPassword.href()} size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={pending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          {canPasskey && (
            <>
              <Divider label={t('login.passkeyOr')} labelPosition="center" />
              <Button
                variant="default"
                fullWidth
                leftSection={<IconFingerprint size={18} />}
                loading={passkeyPending}
                onClick={() => void onPasskey()}
                data-testid="login-passkey"
              >
                {t('login.passkey')}
              </Button>
              {passkeyFailed && (
                <Alert color="red" variant="light" role="alert" data-testid="login-passkey-failed">
                  {t('login.passkeyFailed')}
                </Alert>
              )}
            </>
          )}
        </Stack>
      </form>
      <Stack gap={4} mt="xl" component="aside" aria-labelledby="join-title" data-testid="login-join">
        <Text fw={600} size="sm" id="join-title">
          {t('login.join.title')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('login.join.body')}
        </Text>
        <Group gap="md" component="nav" aria-label={t('login.join.nav')}>
          <Anchor component={Link} to={paths.manuals.href()} size="sm">
            {t('login.join.manuals')}
          </Anchor>
          <Anchor component={Link} to={paths.tables.href()} size="sm">
            {t('login.join.tables')}
          </Anchor>
        </Group>
      </Stack>
    </>
  );
}
