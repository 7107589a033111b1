import { Anchor, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader';
import { ApiError } from '../../lib/http/errors';
import { useDescribeError } from '../../lib/i18n/messages';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useOtpStatus, useRequestOtp, useVerifyOtp } from '../../components/otp/otp-api';
import { useCheckResetCode, useRequestPasswordReset, useResetTicket } from './api/password-reset';
import { AuthHeading } from './components/auth-heading';
import { AuthResult } from './components/auth-result';
import { CodeEntry } from '../../components/otp/code-entry';
import { isRefusal } from '../../components/otp/code-sending';
import { DeliveryNotice } from '../../components/otp/delivery-notice';
import { ResendButton, resendTime } from '../../components/otp/resend-button';
import { rememberResetEmail, resetEmailFor } from './reset-email';

interface VerifyState {
  resendAfter?: string;
}

export default function VerifyCodePage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  useDocumentTitle(t('code.title'));
  const [params] = useSearchParams();
  const flow = params.get('flow');
  if (flow === 'register') return <RegisterCode />;
  if (flow === 'reset') return <ResetCode />;
  return (
    <AuthResult
      kind="error"
      title={t('code.badLink')}
      actions={
        <Button component={Link} to={paths.auth.login.href()} variant="light">
          {t('common:actions.toLogin')}
        </Button>
      }
    />
  );
}

function RegisterCode() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const describe = useDescribeError();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const id = params.get('otp') ?? '';
  const ref = params.get('ref') ?? '';
  const username = params.get('username') ?? '';
  const [availableAt, setAvailableAt] = useState(() =>
    resendTime((location.state as VerifyState | null)?.resendAfter),
  );
  const verify = useVerifyOtp();
  const resend = useRequestOtp();
  const status = useOtpStatus(id && ref && username ? id : '');

  if (!id || !ref || !username) {
    return <AuthResult kind="error" title={t('code.badLink')} actions={<LoginButton />} />;
  }

  if (verify.isSuccess) {
    return (
      <AuthResult kind="success" title={t('code.verifiedTitle')} actions={<LoginButton primary />}>
        {t('code.verified')}
      </AuthResult>
    );
  }

  const error = verify.error ?? resend.error;
  return (
    <>
      <AuthHeading title={t('code.title')}>{t('code.sentTo', { to: username })}</AuthHeading>
      <DeliveryNotice
        tx={status.data}
        otherWay={{ to: paths.auth.login.href(), label: t('code.delivery.signInForEmail') }}
      />
      <CodeEntry
        refCode={ref}
        pending={verify.isPending}
        error={error ? describe(error) : undefined}
        refused={isRefusal(verify.error)}
        onSubmit={(code) => verify.mutate({ id, username, code, refCode: ref })}
        extra={
          <ResendButton
            availableAt={availableAt}
            pending={resend.isPending}
            onResend={() =>
              resend.mutate(
                { username },
                {
                  onSuccess: (otp) => {
                    verify.reset();
                    setAvailableAt(resendTime(otp.resend_after));
                    setParams(
                      (prev) => {
                        const next = new URLSearchParams(prev);
                        next.set('otp', otp.id);
                        next.set('ref', otp.ref_code);
                        return next;
                      },
                      { replace: true },
                    );
                  },
                  onError: (err) => {
                    // The server knows better when the next code may be sent.
                    if (err instanceof ApiError && err.errorCode === 'OTP_RESEND_TOO_SOON')
                      setAvailableAt(Date.now() + 30_000);
                  },
                },
              )
            }
          />
        }
      />
    </>
  );
}

function ResetCode() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const describe = useDescribeError();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = resetEmailFor(token);
  const [availableAt, setAvailableAt] = useState(() =>
    resendTime((location.state as VerifyState | null)?.resendAfter),
  );
  const ticket = useResetTicket(token);
  const check = useCheckResetCode();
  const resend = useRequestPasswordReset();
  const [wrongCode, setWrongCode] = useState(false);

  if (!token) return <AuthResult kind="error" title={t('code.badLink')} actions={<LoginButton />} />;
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

  const error = wrongCode ? t('errors:INVALID_RESET_CODE') : (check.error ?? resend.error);
  return (
    <>
      <AuthHeading title={t('code.title')}>{t('code.sentTo', { to: ticket.data.email })}</AuthHeading>
      <CodeEntry
        pending={check.isPending}
        error={typeof error === 'string' ? error : error ? describe(error) : undefined}
        refused={wrongCode || isRefusal(check.error)}
        onSubmit={(code) => {
          setWrongCode(false);
          check.mutate(
            { token, code },
            {
              onSuccess: (answer) => {
                if (answer.code_valid === false) setWrongCode(true);
                else void navigate(paths.auth.resetPassword.href(token, code), { replace: true });
              },
            },
          );
        }}
        extra={
          email ? (
            <ResendButton
              availableAt={availableAt}
              pending={resend.isPending}
              onResend={() =>
                resend.mutate(email, {
                  onSuccess: (next) => {
                    rememberResetEmail(next.token, email);
                    setAvailableAt(resendTime(undefined));
                    void navigate(paths.auth.verifyCode.href({ flow: 'reset', token: next.token }), {
                      replace: true,
                    });
                  },
                })
              }
            />
          ) : (
            <Text size="sm" ta="center">
              <Anchor component={Link} to={paths.auth.forgotPassword.href()}>
                {t('code.requestNew')}
              </Anchor>
            </Text>
          )
        }
      />
    </>
  );
}

function LoginButton({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <Button component={Link} to={paths.auth.login.href()} variant={primary ? 'filled' : 'light'}>
      {t('common:actions.toLogin')}
    </Button>
  );
}
