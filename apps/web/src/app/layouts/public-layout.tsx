import { Anchor, Box, Button, Container, Divider, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { OfflineGate } from '../../components/shell/offline-gate';
import { Brand } from '../../components/ui/brand';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { SiteLinks } from '../../components/ui/site-links';
import { PUBLIC_NS } from '../../features/public/public-namespace';
import print from '../../features/public/print.module.css';
import { useSession } from '../../lib/auth/use-session';
import { paths } from '../../lib/paths';
import { useFirstLoad } from '../../lib/use-first-load';

const PUBLIC_NAV = [
  { to: paths.manuals.href(), key: 'manuals' },
  { to: paths.tables.href(), key: 'tables' },
  { to: paths.incomeDisclosure.href(), key: 'disclosure' },
  { to: paths.maps.href(), key: 'maps' },
  { to: paths.contact.href(), key: 'contact' },
] as const;

/**
 * The public pages (manuals, plan tables, map, contact, terms, policy): readable by anyone, so a
 * light frame without the member shell; a signed-in member sees them here too, with a way back.
 */
export default function PublicLayout() {
  const busy = useFirstLoad();
  const { t } = useTranslation('common');
  const { t: tp } = useTranslation(PUBLIC_NS);
  const { user } = useSession();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <Box
        component="header"
        py="sm"
        className={print.noPrint}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Stack gap="xs">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Anchor
                component={Link}
                to={user ? paths.dashboard.href() : paths.auth.login.href()}
                underline="never"
              >
                <Brand />
              </Anchor>
              <Button
                component={Link}
                to={user ? paths.dashboard.href() : paths.auth.login.href()}
                size="xs"
                variant="light"
              >
                {user ? t('actions.toPortal') : t('actions.toLogin')}
              </Button>
            </Group>
            <Group component="nav" aria-label={tp('nav.label')} gap={4} wrap="wrap">
              {PUBLIC_NAV.map((item) => (
                <NavLink key={item.key} to={item.to} style={{ textDecoration: 'none' }}>
                  {({ isActive }) => (
                    <Button
                      component="span"
                      size="compact-sm"
                      variant={isActive ? 'light' : 'subtle'}
                      color={isActive ? 'brand' : 'gray'}
                    >
                      {tp(`nav.${item.key}`)}
                    </Button>
                  )}
                </NavLink>
              ))}
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl" component="main" aria-busy={busy}>
        <OfflineGate>
          <Outlet />
        </OfflineGate>
      </Container>
      <Container size="lg" pb="lg" component="footer" className={print.noPrint}>
        <Stack gap="md" align="center">
          <Divider w="100%" />
          <LanguageSwitch />
          <SiteLinks />
        </Stack>
      </Container>
    </Box>
  );
}
