import { notifications } from '@mantine/notifications';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PortalShell } from '../../components/shell/portal-shell';
import { shopLink } from '../../components/shell/nav-items';
import { getConfig } from '../../lib/config';
import { useSession } from '../../lib/auth/use-session';
import { useDescribeError } from '../../lib/i18n/messages';
import { useUnreadCount } from '../../features/notifications/api/notifications';
import { useCartBadge } from '../../features/shop/api/cart-badge';
import { openShopSignedIn } from '../../features/shop/api/shop-code';
import { ConsentPrompt } from '../../features/settings/components/consent-prompt';

/**
 * The authenticated layout. The app layer wires the notifications count, the cart badge and the
 * Online Shopping link's one-time code into the shell, and asks a member to accept a document they
 * have not accepted in its version in force (decision 045).
 */
export default function AppLayout() {
  const { t } = useTranslation('shell');
  const describe = useDescribeError();
  const { user } = useSession();
  const unread = useUnreadCount();
  const shopUrl = getConfig().shopUrl;
  const cart = useCartBadge(shopUrl && user?.member ? user.id : null);

  // Spec section 8: a failed cart call shows an alert with its status.
  useEffect(() => {
    if (!cart.isError) return;
    notifications.show({
      id: 'cart-failed',
      color: 'red',
      title: t('cart.failed'),
      message: describe(cart.error),
    });
  }, [cart.isError, cart.error, cart.errorUpdatedAt, describe, t]);

  const openShop = useCallback(() => {
    if (shopUrl) openShopSignedIn(shopUrl, (url, code) => shopLink(url, code) ?? url);
  }, [shopUrl]);

  // The guard has already sent visitors to login; this only covers the instant of signing out.
  if (!user) return null;
  return (
    <PortalShell
      user={user}
      unreadCount={unread.data?.count ?? 0}
      cartCount={cart.data ?? 0}
      openShop={shopUrl ? openShop : null}
    >
      <Outlet />
      {user.member && <ConsentPrompt userId={user.id} />}
    </PortalShell>
  );
}
