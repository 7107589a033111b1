import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { reloadUser } from '../../lib/auth/session';
import { useSession } from '../../lib/auth/use-session';
import { useDescribeError } from '../../lib/i18n/messages';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRequestOtp } from '../../components/otp/otp-api';
import { AuthHeading } from './components/auth-heading';
import { MobileCodeEntry } from '../../components/otp/mobile-code-entry';
import { VerifiedCheck } from './components/verified-check';

/** A signed-in member whose e-mail and mobile are both unverified proves one of them here. */
export default function VerifyAccountPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('verifyAccount.title'));
  const { user } = useSession();
  const [params] = useSearchParams();
  if (!user) return null;
  const otp = params.get('otp');
  const ref = params.get('ref');
  if (otp && ref) return <MobileCode mobile={user.mobile} id={otp} refCode={ref} />;
  if (user.authen_type_default === 'email') {
    return (
      <>
        <AuthHeading title={t('verifyAccount.title')}>
          {t('verifyAccount.emailSent', { email: user.email })}
        </AuthHeading>
        <VerifiedCheck />
        <OtherWay />
      </>
    );
  }
  return <SendMobileCode mobile={user.mobile} />;
}

function SendMobileCode({ mobile }: { mobile: string }) {
  const { t } = useTranslation('auth');
  const describe = useDescribeError();
  const [, setParams] = useSearchParams();
  const send = useRequestOtp();
  return (
    <>
      <AuthHeading title={t('verifyAccount.title')}>{t('verifyAccount.willSend', { mobile })}</AuthHeading>
      <Stack gap="md">
        {send.error && (
          <Text c="red" size="sm" role="alert">
            {describe(send.error)}
          </Text>
        )}
        <Button
          fullWidth
          loading={send.isPending}
          data-testid="verify-send-code"
          onClick={() =>
            send.mutate(
              { username: mobile },
              { onSuccess: (otp) => setParams({ otp: otp.id, ref: otp.ref_code }, { replace: true }) },
            )
          }
        >
          {t('verifyAccount.sendCode')}
        </Button>
        <OtherWay />
      </Stack>
    </>
  );
}

function MobileCode({ mobile, id, refCode }: { mobile: string; id: string; refCode: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [, setParams] = useSearchParams();
  return (
    <>
      <AuthHeading title={t('verifyAccount.title')}>{t('code.sentTo', { to: mobile })}</AuthHeading>
      <MobileCodeEntry
        mobile={mobile}
        id={id}
        refCode={refCode}
        resendAfter={(location.state as { resendAfter?: string } | null)?.resendAfter}
        otherWay={{ to: paths.auth.resendVerifyCode.href(), label: t('code.delivery.useEmail') }}
        onResent={(otp) => setParams({ otp: otp.id, ref: otp.ref_code }, { replace: true })}
        onVerified={async () => {
          await reloadUser().catch(() => undefined);
          await navigate(paths.dashboard.href(), { replace: true });
        }}
      />
      <OtherWay />
    </>
  );
}

function OtherWay() {
  const { t } = useTranslation('auth');
  return (
    <Text size="sm" ta="center" mt="md">
      <Anchor component={Link} to={paths.auth.resendVerifyCode.href()}>
        {t('verifyAccount.otherWay')}
      </Anchor>
    </Text>
  );
}
