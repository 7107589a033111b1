import { Button, Text } from '@mantine/core';
import type { OtpTransaction } from '@portal/contracts/identity';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '../../lib/i18n/messages';
import { useRequestOtp } from './otp-api';

/**
 * "Send OTP code" to a signed-in member's own mobile (an onboarding code), with the refusal said
 * above it: the verify-account page's first step and the dashboard's "verify your mobile".
 */
export function SendMobileCode({
  mobile,
  onSent,
  testId,
}: {
  mobile: string;
  onSent: (otp: OtpTransaction) => void;
  testId: string;
}) {
  const { t } = useTranslation('auth');
  const describe = useDescribeError();
  const send = useRequestOtp();
  return (
    <>
      {send.error && (
        <Text c="red" size="sm" role="alert">
          {describe(send.error)}
        </Text>
      )}
      <Button
        fullWidth
        loading={send.isPending}
        data-testid={testId}
        onClick={() => send.mutate({ username: mobile }, { onSuccess: onSent })}
      >
        {t('verifyAccount.sendCode')}
      </Button>
    </>
  );
}
