import { Anchor, Box, Container, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OfflineGate } from '../../components/shell/offline-gate';
import { Brand } from '../../components/ui/brand';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { SiteLinks } from '../../components/ui/site-links';
import { paths } from '../../lib/paths';
import classes from './auth-frame.module.css';

/** The centred card of the auth and verify layouts. */
export function AuthFrame({ children, above }: { children: ReactNode; above?: ReactNode }) {
  return (
    <Box className={classes.page}>
      <Container size={520} px="sm" py={{ base: 'md', sm: 'xl' }}>
        {/* Landmarks: everything on the page sits in the header, main or footer. */}
        <Group component="header" justify="space-between" mb="lg" gap="sm" wrap="wrap">
          <Anchor component={Link} to={paths.auth.login.href()} underline="never">
            <Brand />
          </Anchor>
          <LanguageSwitch />
        </Group>
        {above}
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', xs: 'xl' }} component="main">
          <OfflineGate>{children}</OfflineGate>
        </Paper>
        <Box component="footer" mt="lg">
          <SiteLinks />
        </Box>
      </Container>
    </Box>
  );
}
