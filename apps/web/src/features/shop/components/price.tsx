import { Group, Stack, Text } from '@mantine/core';
import type { Product } from '@portal/contracts/shop';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/preferences';
import { formatCount } from '../../../lib/i18n/numbers';
import { formatMoney, isSaving } from '../model/cart';

/**
 * The price a viewer pays: a visitor the retail price, a member the member price (retail struck
 * through beside it) and the PV; a community-shop guest the shop's selling price.
 */
export function ProductPrice({
  product,
  lang,
  sellingPrice,
  size = 'md',
}: {
  product: Pick<Product, 'retail_price' | 'member_price' | 'pv_per_unit'>;
  lang: Language;
  sellingPrice?: string | null;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation('shop');
  const fz = size === 'lg' ? 24 : size === 'md' ? 'lg' : 'md';
  if (sellingPrice)
    return (
      <Text fw={700} fz={fz} c="brand.8" data-testid="product-price">
        {formatMoney(sellingPrice, lang)}
      </Text>
    );
  if (product.member_price === null)
    return (
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {t('retailPrice')}
        </Text>
        <Text fw={700} fz={fz} c="brand.8" data-testid="product-price">
          {formatMoney(product.retail_price, lang)}
        </Text>
      </Stack>
    );
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {t('memberPrice')}
      </Text>
      <Group gap={6} wrap="wrap" align="baseline">
        <Text fw={700} fz={fz} c="brand.8" data-testid="product-price">
          {formatMoney(product.member_price, lang)}
        </Text>
        {/* The retail price struck through only when the member pays less (a package costs the same). */}
        {isSaving(product.member_price, product.retail_price) && (
          <Text size="xs" c="dimmed" td="line-through" data-testid="product-retail">
            {formatMoney(product.retail_price, lang)}
          </Text>
        )}
      </Group>
      {product.pv_per_unit !== null && (
        <Text size="xs" fw={600} c="teal.8" data-testid="product-pv">
          {t('pv', { value: formatCount(product.pv_per_unit, lang) })}
        </Text>
      )}
    </Stack>
  );
}
