import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { MemberBrief } from '@portal/contracts/network';
import type { ReactNode } from 'react';
import { DefaultAvatar } from '../../../components/shell/default-avatar';

/** Avatar, name and code of a member in a list, with extra lines below. */
export function MemberChip({ member, children }: { member: MemberBrief; children?: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Avatar src={member.avatar_thumbnail || null} size={36} radius="xl" alt="">
        <DefaultAvatar gender={member.gender} />
      </Avatar>
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {`${member.first_name} ${member.last_name}`.trim()}
        </Text>
        <Text size="xs" c="dimmed">
          {member.member_code}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}
