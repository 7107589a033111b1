import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';

/** Cart, checkout and orders are a member's: a visitor is asked to sign in and comes back here. */
export function SignedOut() {
  const { t } = useTranslation('shop');
  const { pathname, search } = useLocation();
  return (
    <Alert variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('signedOut')}</Text>
        <Button component={Link} to={paths.auth.login.href(pathname + search)} size="xs">
          {t('nav.signIn')}
        </Button>
      </Stack>
    </Alert>
  );
}
