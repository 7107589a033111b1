import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { reloadUser } from '../../lib/auth/session';
import { useSession } from '../../lib/auth/use-session';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthHeading } from './components/auth-heading';
import { MobileCodeEntry } from '../../components/otp/mobile-code-entry';
import { SendMobileCode } from '../../components/otp/send-mobile-code';
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
  return <SendCodeStep mobile={user.mobile} />;
}

function SendCodeStep({ mobile }: { mobile: string }) {
  const { t } = useTranslation('auth');
  const [, setParams] = useSearchParams();
  return (
    <>
      <AuthHeading title={t('verifyAccount.title')}>{t('verifyAccount.willSend', { mobile })}</AuthHeading>
      <Stack gap="md">
        <SendMobileCode
          mobile={mobile}
          testId="verify-send-code"
          onSent={(otp) => setParams({ otp: otp.id, ref: otp.ref_code }, { replace: true })}
        />
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
