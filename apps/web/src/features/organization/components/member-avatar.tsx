import { Avatar } from '@mantine/core';
import type { MemberBrief } from '@portal/contracts/network';
import { DefaultAvatar } from '../../../components/shell/default-avatar';

/** A member's thumbnail, or the shell's gender-based default avatar. */
export function MemberAvatar({
  member,
  size = 36,
}: {
  member: Pick<MemberBrief, 'avatar_thumbnail' | 'gender'>;
  size?: number;
}) {
  return (
    <Avatar src={member.avatar_thumbnail || null} size={size} radius="xl" alt="">
      <DefaultAvatar gender={member.gender} />
    </Avatar>
  );
}
