import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import type { Language } from '../../../lib/preferences';
import { useAddToCart } from '../api/cart';
import { usePackageOffers } from '../api/catalog';
import { formatCount } from '../../../lib/i18n/numbers';
import { formatMoney } from '../model/cart';

/** A member without a package sees which one to buy (the first on sale) and buys it here. */
export function PackageOffer({ lang }: { lang: Language }) {
  const { t } = useTranslation('shop');
  const offers = usePackageOffers(true, lang);
  const add = useAddToCart();
  const navigate = useNavigate();
  if (!offers.data || offers.data.current !== null) return null;
  const offer = offers.data.packages.find((p) => p.price_to_pay !== null);
  if (!offer) return null;
  return (
    <Alert color="grape" variant="light" icon={<IconPackage size={20} />} title={t('package.title')}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {t('package.text', {
            name: offer.name,
            price: formatMoney(offer.price_to_pay, lang),
            pv: formatCount(offer.pv_to_get ?? offer.pv, lang),
          })}
        </Text>
        <Button
          size="xs"
          color="grape"
          loading={add.isPending}
          onClick={() =>
            add.mutate(
              { code: offer.product_code },
              { onSuccess: () => void navigate(paths.ecommerceCart.href()) },
            )
          }
          data-testid="buy-package"
        >
          {t('package.buy', { name: offer.name })}
        </Button>
      </Group>
    </Alert>
  );
}
