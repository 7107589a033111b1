import { useState, type ReactNode } from 'react';
import type { OtpTransaction } from '@portal/contracts/identity';
import { ApiError } from '../../lib/http/errors';
import { useDescribeError } from '../../lib/i18n/messages';
import { useOtpStatus, useRequestOtp, useVerifyOtp } from './otp-api';
import { CodeEntry } from './code-entry';
import { isRefusal } from './code-sending';
import { DeliveryNotice } from './delivery-notice';
import { ResendButton, resendTime } from './resend-button';

/**
 * The SMS code of an OTP transaction sent to `mobile`: where its SMS stands, the six boxes, and
 * "send again" with its countdown. A new code is a new transaction (`onResent`); a right code calls
 * `onVerified`, after which the member's mobile is verified. Used by the verify-account page (a new
 * member) and by the dashboard's "verify your mobile" (a member who verified by e-mail).
 */
export function MobileCodeEntry({
  mobile,
  id,
  refCode,
  resendAfter,
  onResent,
  onVerified,
  otherWay,
}: {
  mobile: string;
  id: string;
  refCode: string;
  /** when the server allows another code (the transaction's resend_after) */
  resendAfter?: string;
  onResent: (otp: OtpTransaction) => void;
  onVerified: () => Promise<void> | void;
  /** the delivery notice's way out when the SMS does not arrive */
  otherWay?: { to: string; label: string };
}): ReactNode {
  const describe = useDescribeError();
  const [availableAt, setAvailableAt] = useState(() => resendTime(resendAfter));
  const verify = useVerifyOtp();
  const resend = useRequestOtp();
  const status = useOtpStatus(id);
  const error = verify.error ?? resend.error;
  return (
    <>
      <DeliveryNotice tx={status.data} otherWay={otherWay} />
      <CodeEntry
        refCode={refCode}
        pending={verify.isPending}
        error={error ? describe(error) : undefined}
        refused={isRefusal(verify.error)}
        onSubmit={(code) => verify.mutate({ id, username: mobile, code, refCode }, { onSuccess: onVerified })}
        extra={
          <ResendButton
            availableAt={availableAt}
            pending={resend.isPending}
            onResend={() =>
              resend.mutate(
                { username: mobile },
                {
                  onSuccess: (otp) => {
                    verify.reset();
                    setAvailableAt(resendTime(otp.resend_after));
                    onResent(otp);
                  },
                  onError: (err) => {
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
