import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OtpTransaction } from '@portal/contracts/identity';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadUser } from '../../../lib/auth/session';
import { SendMobileCode } from '../../../components/otp/send-mobile-code';
import { MobileCodeEntry } from '../../../components/otp/mobile-code-entry';

/** The dialog's two steps: send the code to the account's mobile, then enter it. */
export default function VerifyMobileSteps({ mobile, onDone }: { mobile: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const { t: td } = useTranslation('dashboard');
  const [otp, setOtp] = useState<OtpTransaction | null>(null);

  if (!otp)
    return (
      <Stack gap="md" data-testid="verify-mobile-send">
        <Text size="sm">{t('verifyAccount.willSend', { mobile })}</Text>
        <SendMobileCode mobile={mobile} testId="verify-mobile-send-code" onSent={setOtp} />
      </Stack>
    );

  return (
    <Stack gap="xs" data-testid="verify-mobile-code">
      <Text size="sm">{t('code.sentTo', { to: mobile })}</Text>
      <MobileCodeEntry
        key={otp.id}
        mobile={mobile}
        id={otp.id}
        refCode={otp.ref_code}
        resendAfter={otp.resend_after}
        onResent={setOtp}
        onVerified={async () => {
          await reloadUser().catch(() => undefined);
          notifications.show({ color: 'teal', message: td('verifyMobile.done') });
          onDone();
        }}
      />
    </Stack>
  );
}
