import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * A package is bought on its own (plan 1.1): the cart holds one beside other lines. Says so in words
 * and offers the way out: keep only the package, or only the products (the checkout links back to
 * the cart instead).
 */
export function PackageAlone({
  packageName,
  onKeep,
  busy = false,
}: {
  packageName: string;
  /** null: on the checkout page, which sends the member back to the cart */
  onKeep: ((keep: 'package' | 'products') => void) | null;
  busy?: boolean;
}) {
  const { t } = useTranslation('shop');
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconPackage size={20} />}
      title={t('cart.packageAlone.title')}
      role="alert"
      data-testid="cart-package-alone"
    >
      <Text size="sm" mb="sm">
        {t('cart.packageAlone.text', { name: packageName })}
      </Text>
      {onKeep ? (
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            color="grape"
            loading={busy}
            onClick={() => onKeep('package')}
            data-testid="cart-keep-package"
          >
            {t('cart.packageAlone.keepPackage', { name: packageName })}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={busy}
            onClick={() => onKeep('products')}
            data-testid="cart-keep-products"
          >
            {t('cart.packageAlone.keepProducts')}
          </Button>
        </Group>
      ) : (
        <Button
          size="xs"
          variant="light"
          component={Link}
          to={paths.ecommerceCart.href()}
          data-testid="cart-back"
        >
          {t('cart.packageAlone.toCart')}
        </Button>
      )}
    </Alert>
  );
}
