import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import type { User } from '@portal/contracts/identity';
import type { KycStatus } from '@portal/contracts/kyc';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '../../../components/shell/user-menu';
import { useDescribeError } from '../../../lib/i18n/messages';
import { paths } from '../../../lib/paths';
import { useUpdateProfile } from '../api/me';
import { AvatarCropper } from './avatar-cropper';
import { KycStatusBadge } from '../../../components/kyc/status-badge';
import { toastSaved } from './toasts';

/** Avatar (change with crop, remove), name, member code and KYC status at the top of the profile. */
export function ProfileHeader({ user, kycStatus }: { user: User; kycStatus: KycStatus | undefined }) {
  const { t } = useTranslation('profile');
  const describe = useDescribeError();
  const [cropping, crop] = useDisclosure(false);
  const remove = useUpdateProfile();
  const name = `${user.first_name} ${user.last_name}`.trim();
  const hasAvatar = Boolean(user.images?.avatar?.thumbnail);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="lg">
      <Group gap="lg" align="center" wrap="wrap">
        <UserAvatar user={user} size={88} />
        <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="profile-name">
            {name}
          </Title>
          {user.member ? (
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('header.memberCode', { code: user.member.memberCode })}
              </Text>
              {kycStatus && (
                <Anchor component={Link} to={paths.profile.href('kyc')} underline="never">
                  <KycStatusBadge status={kycStatus} />
                </Anchor>
              )}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('header.noMember')}
            </Text>
          )}
          <Group gap="xs" wrap="wrap">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconCamera size={14} />}
              onClick={crop.open}
              data-testid="avatar-change"
            >
              {t('header.changeAvatar')}
            </Button>
            {hasAvatar && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(
                    { avatar_base64: null },
                    { onSuccess: () => toastSaved(t('header.avatarRemoved')) },
                  )
                }
                data-testid="avatar-remove"
              >
                {t('header.removeAvatar')}
              </Button>
            )}
          </Group>
          {remove.error && (
            <Text size="sm" c="red" role="alert">
              {describe(remove.error)}
            </Text>
          )}
        </Stack>
      </Group>
      <AvatarCropper opened={cropping} onClose={crop.close} />
    </Paper>
  );
}
