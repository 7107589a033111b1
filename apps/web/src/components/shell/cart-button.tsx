import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** The top bar's cart with its badge: the total quantity in the member's cart (spec section 2). */
export function CartButton({ count, shopUrl }: { count: number; shopUrl: string | null }) {
  const { t } = useTranslation('shell');
  if (!shopUrl) return null;
  const label = t('cart.label', { count });
  // The built-in shop opens in the portal; another shop's cart lives there.
  const builtIn = shopUrl.startsWith('/');
  const icon = (
    <Indicator
      label={count > 99 ? '99+' : count}
      disabled={count <= 0}
      size={18}
      color="red"
      offset={3}
      data-testid="cart-badge"
      data-count={count}
    >
      <IconShoppingCart size={22} stroke={1.6} />
    </Indicator>
  );
  return (
    <Tooltip label={label} withArrow>
      {builtIn ? (
        <ActionIcon
          component={Link}
          to={paths.ecommerceCart.href()}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          data-testid="cart-button"
        >
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon
          component="a"
          href={shopUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={label}
          data-testid="cart-button"
        >
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
