import { Group, Radio, Stack } from '@mantine/core';
import type { PaymentMethod } from '@portal/contracts/shop';
import { useTranslation } from 'react-i18next';
import { getConfig } from '../../../lib/config';

const METHODS: PaymentMethod[] = ['demo', 'transfer', 'promptpay'];
/** The payment methods this portal offers (its configuration), in a fixed order. */
export const offered = () => METHODS.filter((m) => getConfig().paymentMethods.includes(m));

export function PaymentChoice({
  value,
  onChange,
}: {
  value: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
}) {
  const { t } = useTranslation('shop');
  return (
    <Radio.Group label={t('checkout.payment')} value={value} onChange={(v) => onChange(v as PaymentMethod)}>
      <Stack gap="xs" mt="xs">
        {offered().map((m) => (
          <Radio key={m} value={m} label={t(`checkout.methods.${m}`)} data-testid={`pay-${m}`} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

export type DeliveryMethod = 'shipping' | 'pickup';

export function DeliveryChoice({
  value,
  onChange,
}: {
  value: DeliveryMethod;
  onChange: (m: DeliveryMethod) => void;
}) {
  const { t } = useTranslation('shop');
  return (
    <Radio.Group label={t('checkout.delivery')} value={value} onChange={(v) => onChange(v as DeliveryMethod)}>
      <Group gap="md" mt="xs">
        <Radio value="shipping" label={t('checkout.shipping')} />
        <Radio value="pickup" label={t('checkout.pickup')} />
      </Group>
    </Radio.Group>
  );
}
