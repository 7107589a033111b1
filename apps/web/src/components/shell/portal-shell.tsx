import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Container,
  Divider,
  Group,
  ScrollArea,
  Stack,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import type { User } from '@portal/contracts/identity';
import { isSuspended } from '@portal/contracts/suspension';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getConfig } from '../../lib/config';
import { paths } from '../../lib/paths';
import { useFirstLoad } from '../../lib/use-first-load';
import { useNarrow } from '../../lib/use-narrow';
import { Brand } from '../ui/brand';
import { LanguageSwitch } from '../ui/language-switch';
import { SiteLinks } from '../ui/site-links';
import { NavMenu } from './nav-items';
import { NoticeBar } from './notice-bar';
import { CartButton } from './cart-button';
import { OfflineGate } from './offline-gate';
import { TabBar } from './tab-bar';
import { UserMenu } from './user-menu';

const NAV_WIDTH = 260;
const NAV_WIDTH_MINIMISED = 76;

/** The signed-in frame: top bar, sidebar, banners, content and footer. */
export function PortalShell({
  user,
  unreadCount,
  cartCount,
  openShop,
  children,
}: {
  user: User;
  unreadCount: number;
  /** the cart's total quantity (the top bar's badge) */
  cartCount: number;
  /** opens the shop signed in (the Online Shopping link's one-time code) */
  openShop: (() => void) | null;
  children: ReactNode;
}) {
  const { t } = useTranslation(['shell', 'common']);
  const busy = useFirstLoad();
  const [mobileOpen, mobile] = useDisclosure(false);
  const [minimised, setMinimised] = useState(false);
  const suspended = isSuspended(user.member?.suspension);
  const ctx = {
    shopUrl: getConfig().shopUrl,
    openShop,
    unreadCount,
    isStaff: user.type === 'staff' || user.type === 'admin',
    hasMember: user.member !== null,
  };
  // A member on a phone has the bottom tabs (issue 23, item 11); "more" opens the whole menu.
  const tabs = useNarrow('sm') && user.member !== null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: { base: NAV_WIDTH, sm: minimised ? NAV_WIDTH_MINIMISED : NAV_WIDTH },
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpen },
      }}
      footer={{ height: 60, collapsed: !tabs }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={mobileOpen}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpen ? t('nav.close') : t('nav.open')}
              data-testid="nav-burger"
            />
            <Tooltip label={minimised ? t('nav.expand') : t('nav.minimise')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                visibleFrom="sm"
                onClick={() => setMinimised((m) => !m)}
                aria-label={minimised ? t('nav.expand') : t('nav.minimise')}
                aria-pressed={minimised}
                data-testid="nav-minimise"
              >
                {minimised ? (
                  <IconLayoutSidebarLeftExpand size={20} />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={20} />
                )}
              </ActionIcon>
            </Tooltip>
            <Box
              component={Link}
              to={suspended ? paths.notifications.href() : paths.dashboard.href()}
              style={{ textDecoration: 'none' }}
              aria-label={t('common:appName')}
            >
              <Box hiddenFrom="xs">
                <Brand compact />
              </Box>
              <Box visibleFrom="xs">
                <Brand />
              </Box>
            </Box>
          </Group>
          <Group gap={4} wrap="nowrap">
            {user.member && <CartButton count={cartCount} shopUrl={getConfig().shopUrl} />}
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AppShell.Section grow component={ScrollArea}>
          <NavMenu ctx={ctx} suspended={suspended} minimised={minimised} onNavigate={mobile.close} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main aria-busy={busy}>
        <Container size="lg" px={0}>
          <Stack
            gap="lg"
            mih="calc(100dvh - 60px - var(--app-shell-footer-offset, 0px) - 2 * var(--mantine-spacing-lg))"
          >
            <OfflineGate>
              <NoticeBar
                suspension={user.member?.suspension}
                // KYC is a member's: a staff account without a member record has nothing to verify.
                kyc={
                  user.member ? { identity: user.is_verifies_identity, bank: user.is_verifies_bank } : null
                }
              />
              <Box style={{ flex: 1 }}>{children}</Box>
            </OfflineGate>
            <Box component="footer" mt="auto">
              <Divider mb="md" />
              <Stack gap="sm" align="center">
                <LanguageSwitch />
                <SiteLinks />
              </Stack>
            </Box>
          </Stack>
        </Container>
      </AppShell.Main>

      {tabs && (
        <AppShell.Footer component="div">
          <TabBar ctx={ctx} suspended={suspended} menuOpen={mobileOpen} onMore={mobile.toggle} />
        </AppShell.Footer>
      )}
    </AppShell>
  );
}
