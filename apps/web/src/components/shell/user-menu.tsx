import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import type { User } from '@portal/contracts/identity';
import { isSuspended } from '@portal/contracts/suspension';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { DefaultAvatar } from './default-avatar';

export function UserAvatar({ user, size = 36 }: { user: User; size?: number }) {
  const src = user.images?.avatar?.thumbnail;
  return (
    <Avatar src={src || null} size={size} radius="xl" alt="">
      <DefaultAvatar gender={user.gender} />
    </Avatar>
  );
}

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation('shell');
  const name = `${user.first_name} ${user.last_name}`.trim();
  const suspended = isSuspended(user.member?.suspension);
  return (
    <Menu position="bottom-end" width={240} withArrow shadow="md">
      <Menu.Target>
        <UnstyledButton
          aria-label={t('userMenu.open', { name })}
          data-testid="user-menu"
          style={{ borderRadius: 999 }}
        >
          <Group gap="xs" wrap="nowrap">
            <UserAvatar user={user} />
            <Text size="sm" fw={500} visibleFrom="sm" lh={1.4}>
              {name}
            </Text>
            <IconChevronDown size={16} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          {user.member?.memberCode && (
            <Text size="xs">{t('userMenu.memberCode', { code: user.member.memberCode })}</Text>
          )}
        </Menu.Label>
        <Menu.Divider />
        {/* Spec: "My profile" is hidden while suspended (the guard keeps them off it too), and so is Settings. */}
        {!suspended && (
          <>
            <Menu.Item
              component={Link}
              to={paths.profile.href()}
              leftSection={<IconUser size={16} />}
              data-testid="menu-profile"
            >
              {t('userMenu.profile')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={paths.setting.href()}
              leftSection={<IconSettings size={16} />}
              data-testid="menu-settings"
            >
              {t('userMenu.settings')}
            </Menu.Item>
          </>
        )}
        <Menu.Item
          component={Link}
          to={paths.changePassword.href()}
          leftSection={<IconKey size={16} />}
          data-testid="menu-change-password"
        >
          {t('userMenu.changePassword')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.auth.logout.href()}
          color="red"
          leftSection={<IconLogout size={16} />}
          data-testid="menu-logout"
        >
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
