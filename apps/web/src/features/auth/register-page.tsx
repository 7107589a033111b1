import { Alert, Anchor, Avatar, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { isApiError } from '../../lib/http/errors';
import { useDescribeError } from '../../lib/i18n/messages';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { requestActivation } from './api/activate';
import { requestOtp } from '../../components/otp/otp-api';
import { createUser, useReferrer } from './api/register';
import { AuthHeading } from './components/auth-heading';
import { AuthResult } from './components/auth-result';
import { RegisterForm } from './components/register-form';

type Outcome = { kind: 'check-email'; email: string } | { kind: 'not-sent'; error: unknown };

export default function RegisterPage() {
  const { t } = useTranslation(['auth', 'common', 'validation']);
  useDocumentTitle(t('register.title'));
  const describe = useDescribeError();
  const navigate = useNavigate();
  const { refererCode = '' } = useParams();
  const referrer = useReferrer(refererCode);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (referrer.isPending) return <PageLoader />;

  if (referrer.isError) {
    if (isApiError(referrer.error) && referrer.error.httpStatus === 404) {
      return (
        <AuthResult
          kind="error"
          title={t('validation:invalidInvitation')}
          actions={
            <Button component={Link} to={paths.auth.login.href()} variant="light">
              {t('common:actions.toLogin')}
            </Button>
          }
        >
          {t('register.invalidInvitationHelp')}
        </AuthResult>
      );
    }
    return <ErrorAlert error={referrer.error} onRetry={() => void referrer.refetch()} />;
  }

  if (outcome?.kind === 'check-email') {
    return (
      <AuthResult
        kind="mail"
        title={t('register.checkEmailTitle')}
        actions={
          <Button component={Link} to={paths.auth.login.href()} variant="light">
            {t('common:actions.toLogin')}
          </Button>
        }
      >
        {t('register.checkEmail', { email: outcome.email })}
      </AuthResult>
    );
  }

  if (outcome?.kind === 'not-sent') {
    return (
      <AuthResult
        kind="info"
        title={t('register.createdTitle')}
        actions={
          <Button component={Link} to={paths.auth.login.href()}>
            {t('common:actions.toLogin')}
          </Button>
        }
      >
        {t('register.notSent', { reason: describe(outcome.error) })}
      </AuthResult>
    );
  }

  const { data } = referrer;
  const fullName = `${data.first_name} ${data.last_name}`.trim();

  return (
    <>
      <AuthHeading title={t('register.title')}>{t('register.subtitle')}</AuthHeading>
      <Alert variant="light" color="brand" mb="lg" data-testid="register-referrer">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={data.avatar_thumbnail} alt="" radius="xl" color="brand" variant="filled">
            {data.first_name.slice(0, 1)}
          </Avatar>
          <Text size="sm">{t('register.invitedBy', { name: fullName, code: data.member_code })}</Text>
        </Group>
      </Alert>
      <RegisterForm
        refCode={refererCode}
        onSubmit={async (body) => {
          const user = await createUser(body);
          // The account exists from here on; a failure to send the code must not look like a failed sign-up.
          try {
            if (body.authen_type_default === 'email') {
              await requestActivation(user.email || body.email);
              setOutcome({ kind: 'check-email', email: user.email || body.email });
            } else {
              const otp = await requestOtp({ username: user.mobile || body.mobile });
              await navigate(
                paths.auth.verifyCode.href({
                  flow: 'register',
                  otp: otp.id,
                  ref: otp.ref_code,
                  username: body.mobile,
                }),
                { state: { resendAfter: otp.resend_after } },
              );
            }
          } catch (error) {
            setOutcome({ kind: 'not-sent', error });
          }
        }}
      />
      <Text size="sm" ta="center" mt="lg">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to={paths.auth.login.href()}>
          {t('common:actions.toLogin')}
        </Anchor>
      </Text>
    </>
  );
}
