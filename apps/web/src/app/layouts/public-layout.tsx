import { Anchor, Box, Button, Container, Divider, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Brand } from '../../components/ui/brand';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { SiteLinks } from '../../components/ui/site-links';
import { useSession } from '../../lib/auth/use-session';
import { paths } from '../../lib/paths';

/** Contact, terms and policy: readable by anyone, so a light frame without the member shell. */
export default function PublicLayout() {
  const { t } = useTranslation('common');
  const { user } = useSession();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Anchor
              component={Link}
              to={user ? paths.dashboard.href() : paths.auth.login.href()}
              underline="never"
            >
              <Brand />
            </Anchor>
            <Group gap="sm" wrap="wrap">
              <LanguageSwitch />
              <Button
                component={Link}
                to={user ? paths.dashboard.href() : paths.auth.login.href()}
                size="xs"
                variant="light"
              >
                {user ? t('actions.toPortal') : t('actions.toLogin')}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="xl" component="main">
        <Outlet />
      </Container>
      <Container size="lg" pb="lg" component="footer">
        <Stack gap="md">
          <Divider />
          <SiteLinks />
        </Stack>
      </Container>
    </Box>
  );
}
