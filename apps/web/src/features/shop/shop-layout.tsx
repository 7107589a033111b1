import './shop-namespace';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Container,
  Divider,
  Group,
  Indicator,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconLayoutDashboard, IconReceipt, IconShoppingCart } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useSearchParams } from 'react-router';
import { BrandMark } from '../../components/ui/brand';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { SiteLinks } from '../../components/ui/site-links';
import { startSession } from '../../lib/auth/session';
import { useSession } from '../../lib/auth/use-session';
import { paths } from '../../lib/paths';
import { isLanguage } from '../../lib/preferences';
import { useFirstLoad } from '../../lib/use-first-load';
import { useCartBadge } from './api/cart-badge';
import { useCommunityShop } from './api/catalog';
import { exchangeLoginCode } from './api/session';
import { badgeLabel, cartBadgeCount } from './model/cart';
import { useGuestCart } from './model/guest-cart';
import type { ShopContext } from './model/shop-context';

const SHOP_CODE = /^[A-Za-z0-9]{4,32}$/;

/**
 * A link in the shop's header: its icon and its name, on a phone only the icon (the name stays its
 * accessible name).
 */
function HeaderButton({
  to,
  icon,
  label,
  testId,
  variant = 'subtle',
}: {
  to: string;
  icon: ReactNode;
  label: string;
  testId: string;
  variant?: 'subtle' | 'default';
}) {
  // Below Mantine's sm breakpoint (48em) an icon button: a Button with its label hidden would keep
  // the gap after its icon.
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  if (!wide)
    return (
      <ActionIcon
        component={Link}
        to={to}
        variant={variant}
        size={30}
        aria-label={label}
        title={label}
        data-testid={testId}
      >
        {icon}
      </ActionIcon>
    );
  return (
    <Button component={Link} to={to} variant={variant} size="xs" leftSection={icon} data-testid={testId}>
      {label}
    </Button>
  );
}

/** The shop's frame: its own header (cart, orders, sign-in), readable by anyone. */
export default function ShopLayout() {
  const busy = useFirstLoad();
  const { t, i18n } = useTranslation(['shop', 'common']);
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const shopParam = params.get('shop');
  const community = shopParam && SHOP_CODE.test(shopParam) ? shopParam.toUpperCase() : null;
  const shop = useCommunityShop(community);
  const guestCart = useGuestCart(community);
  const badge = useCartBadge(community ? null : (user?.id ?? null));
  const count = community ? cartBadgeCount(guestCart) : (badge.data ?? 0);

  // The portal's Online Shopping link: a one-time code, traded once for a session.
  const loginCode = params.get('login_code');
  const exchanged = useRef<string | null>(null);
  useEffect(() => {
    if (!loginCode || exchanged.current === loginCode) return;
    exchanged.current = loginCode;
    exchangeLoginCode(loginCode)
      .then(startSession)
      .catch(() => undefined)
      .finally(() =>
        setParams(
          (p) => {
            p.delete('login_code');
            return p;
          },
          { replace: true },
        ),
      );
  }, [loginCode, setParams]);

  const ctx: ShopContext = {
    lang,
    signedIn: user !== null,
    community,
    communityName: shop.data?.owner_name ?? null,
  };
  const label = badgeLabel(count);

  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <Box
        component="header"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Anchor
              component={Link}
              to={paths.ecommerce.href({ shop: community })}
              underline="never"
              aria-label={t('shop:title')}
            >
              <Group gap="xs" wrap="nowrap">
                <BrandMark />
                <Text fw={700} fz="lg" c="brand.9" visibleFrom="xs" lh={1.3}>
                  {ctx.communityName
                    ? t('shop:communityTitle', { name: ctx.communityName })
                    : t('shop:title')}
                </Text>
              </Group>
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              {(community || user) && (
                <Indicator
                  label={label}
                  disabled={label === null}
                  size={18}
                  color="red"
                  offset={4}
                  data-testid="shop-cart-badge"
                >
                  <Button
                    component={Link}
                    to={paths.ecommerceCart.href(community)}
                    variant="light"
                    size="xs"
                    leftSection={<IconShoppingCart size={16} />}
                    aria-label={t('shop:nav.cartCount', { count })}
                    data-testid="shop-cart"
                  >
                    <Box component="span" visibleFrom="xs">
                      {t('shop:nav.cart')}
                    </Box>
                  </Button>
                </Indicator>
              )}
              {!community && user && (
                <HeaderButton
                  to={paths.ecommerceOrders.href()}
                  icon={<IconReceipt size={16} />}
                  label={t('shop:nav.orders')}
                  testId="shop-orders"
                />
              )}
              {!community && user?.member && (
                <HeaderButton
                  to={paths.ecommerceMyShop.href()}
                  icon={<IconBuildingStore size={16} />}
                  label={t('shop:nav.myShop')}
                  testId="shop-my-shop"
                />
              )}
              {!community &&
                (user ? (
                  // On a phone only the icon: the way back to the portal is never hidden.
                  <HeaderButton
                    to={paths.dashboard.href()}
                    icon={<IconLayoutDashboard size={16} />}
                    label={t('shop:nav.portal')}
                    testId="shop-portal"
                    variant="default"
                  />
                ) : (
                  <Button
                    component={Link}
                    to={paths.auth.login.href(paths.ecommerce.href())}
                    size="xs"
                    data-testid="shop-sign-in"
                  >
                    {t('shop:nav.signIn')}
                  </Button>
                ))}
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="lg" px={{ base: 'sm', sm: 'md' }} component="main" aria-busy={busy}>
        {ctx.communityName && (
          <Text size="sm" c="dimmed" mb="md">
            {t('shop:communityNote', { name: ctx.communityName })}
          </Text>
        )}
        <Outlet context={ctx} />
      </Container>
      <Container size="lg" pb="lg" component="footer">
        <Stack gap="md" align="center">
          <Divider w="100%" />
          <LanguageSwitch />
          <SiteLinks />
        </Stack>
      </Container>
    </Box>
  );
}
