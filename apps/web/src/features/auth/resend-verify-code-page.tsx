import { Alert, Button, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/auth/use-session';
import { useDescribeError } from '../../lib/i18n/messages';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSendActivationEmail } from './api/activate';
import { useRequestOtp } from '../../components/otp/otp-api';
import { AuthHeading } from './components/auth-heading';
import { AuthResult } from './components/auth-result';
import { VerifiedCheck } from './components/verified-check';

type Channel = 'mobile' | 'email';

export default function ResendVerifyCodePage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('resend.title'));
  const describe = useDescribeError();
  const navigate = useNavigate();
  const { user } = useSession();
  const [channel, setChannel] = useState<Channel>(user?.authen_type_default === 'email' ? 'email' : 'mobile');
  const otp = useRequestOtp();
  const email = useSendActivationEmail();
  if (!user) return null;

  if (email.isSuccess) {
    return (
      <AuthResult kind="mail" title={t('resend.emailSentTitle')} actions={<VerifiedCheck />}>
        {t('verifyAccount.emailSent', { email: user.email })}
      </AuthResult>
    );
  }

  const error = otp.error ?? email.error;
  const send = () => {
    if (channel === 'email') {
      email.mutate();
      return;
    }
    otp.mutate(
      { username: user.mobile },
      {
        onSuccess: (answer) =>
          void navigate(paths.auth.verifyAccount.href({ id: answer.id, ref: answer.ref_code }), {
            state: { resendAfter: answer.resend_after },
          }),
      },
    );
  };

  return (
    <>
      <AuthHeading title={t('resend.title')}>{t('resend.subtitle')}</AuthHeading>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {describe(error)}
          </Alert>
        )}
        <Radio.Group
          label={t('resend.channel')}
          value={channel}
          onChange={(value) => setChannel(value as Channel)}
        >
          <Stack gap="sm" mt="xs">
            <Radio
              value="mobile"
              label={t('resend.bySms', { mobile: user.mobile })}
              data-testid="resend-mobile"
            />
            <Radio
              value="email"
              label={t('resend.byEmail', { email: user.email })}
              data-testid="resend-email"
            />
          </Stack>
        </Radio.Group>
        <Button
          fullWidth
          loading={otp.isPending || email.isPending}
          onClick={send}
          data-testid="resend-submit"
        >
          {t('resend.submit')}
        </Button>
      </Stack>
    </>
  );
}
