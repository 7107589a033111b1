import { Alert, Anchor, Text } from '@mantine/core';
import type { OtpTransaction } from '@portal/contracts/identity';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What the code screen says when the code's SMS or e-mail has not gone out (delivery `retrying`) or
 * could not be sent (`failed`): ask for a new code, or take the other way (`otherWay`, a link).
 * Nothing while it is on its way or sent.
 */
export function DeliveryNotice({
  tx,
  otherWay,
}: {
  tx: Pick<OtpTransaction, 'delivery' | 'channel' | 'username'> | undefined;
  otherWay?: { to: string; label: string };
}) {
  const { t } = useTranslation('auth');
  if (!tx || (tx.delivery !== 'retrying' && tx.delivery !== 'failed')) return null;
  const failed = tx.delivery === 'failed';
  return (
    <Alert
      mb="md"
      color={failed ? 'red' : 'yellow'}
      variant="light"
      role={failed ? 'alert' : 'status'}
      data-testid="otp-delivery"
      data-delivery={tx.delivery}
    >
      <Text size="sm">{t(`code.delivery.${tx.delivery}.${tx.channel}`, { to: tx.username })}</Text>
      {otherWay && tx.channel === 'sms' && (
        <Anchor component={Link} to={otherWay.to} size="sm" mt={6} display="inline-block">
          {otherWay.label}
        </Anchor>
      )}
    </Alert>
  );
}
