import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useSession } from '../../lib/auth/use-session';
import { paths } from '../../lib/paths';
import { AuthFrame } from './auth-frame';

/** Auth-style card for a signed-in member who still has to verify; says who is signed in. */
export default function VerifyLayout() {
  const { t } = useTranslation('common');
  const { user } = useSession();
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return (
    <AuthFrame
      above={
        <Group justify="space-between" mb="sm" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('signedInAs', { name })}
          </Text>
          <Anchor component={Link} to={paths.auth.logout.href()} size="sm" data-testid="verify-logout">
            {t('actions.logout')}
          </Anchor>
        </Group>
      }
    >
      <Outlet />
    </AuthFrame>
  );
}
