import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../model/cart';
import type { PartPayment } from '../model/part-payment';

/** LVP and the point balance pay first (plan 2.3, 5.2); the method chosen pays the rest. */
export function PartPaymentFields(props: {
  balances: { lvp: number; points: string };
  part: PartPayment;
  lvp: string;
  points: string;
  onLvp: (v: string) => void;
  onPoints: (v: string) => void;
  lang: Parameters<typeof formatMoney>[1];
}) {
  const { t } = useTranslation('shop');
  const { balances, part } = props;
  const error = (e: PartPayment['errors']['lvp']) => (e ? t(`checkout.part.${e}`) : undefined);
  return (
    <Stack gap="xs" data-testid="part-payment">
      <Text fw={500} size="sm">
        {t('checkout.part.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('checkout.part.note')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('checkout.part.lvp')}
          description={t('checkout.part.lvpBalance', { value: balances.lvp })}
          inputMode="numeric"
          value={props.lvp}
          onChange={(e) => props.onLvp(e.currentTarget.value)}
          error={error(part.errors.lvp)}
          data-testid="use-lvp"
        />
        <TextInput
          label={t('checkout.part.points')}
          description={t('checkout.part.pointBalance', { value: formatMoney(balances.points, props.lang) })}
          inputMode="decimal"
          value={props.points}
          onChange={(e) => props.onPoints(e.currentTarget.value)}
          error={error(part.errors.points)}
          data-testid="use-points"
        />
      </SimpleGrid>
    </Stack>
  );
}
