import { Button } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

function secondsUntil(at: number): number {
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** "Send again", disabled with a countdown until the server allows another code. */
export function ResendButton({
  availableAt,
  onResend,
  pending,
}: {
  availableAt: number;
  onResend: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation('auth');
  const [seconds, setSeconds] = useState(() => secondsUntil(availableAt));

  useEffect(() => {
    const tick = () => setSeconds(secondsUntil(availableAt));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [availableAt]);

  return (
    <Button
      variant="subtle"
      fullWidth
      disabled={seconds > 0}
      loading={pending}
      onClick={onResend}
      data-testid="otp-resend"
    >
      {seconds > 0 ? t('code.resendIn', { seconds }) : t('code.resend')}
    </Button>
  );
}

/** When the server did not say, wait the spec's 60 s before offering a new code. */
export const DEFAULT_RESEND_DELAY_MS = 60_000;

export function resendTime(resendAfter: string | undefined | null): number {
  const at = resendAfter ? Date.parse(resendAfter) : NaN;
  return Number.isFinite(at) ? at : Date.now() + DEFAULT_RESEND_DELAY_MS;
}
