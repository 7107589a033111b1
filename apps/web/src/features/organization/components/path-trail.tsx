import { Anchor, Group, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { MemberBrief } from '@portal/contracts/network';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../model/format';

/** Longer chains show the first and the last few steps. */
const HEAD = 1;
const TAIL = 2;

/** Me → … → the top's upline → the top, each a link that makes that member the top. */
export function PathTrail({
  path,
  top,
  myId,
  onPick,
}: {
  path: MemberBrief[];
  top: MemberBrief;
  myId: number;
  onPick: (memberId: number) => void;
}) {
  const { t } = useTranslation('organization');
  if (path.length === 0) return null;
  const shown: (MemberBrief | null)[] =
    path.length > HEAD + TAIL + 1 ? [...path.slice(0, HEAD), null, ...path.slice(-TAIL)] : path;
  const label = (m: MemberBrief) => (m.id === myId ? t('path.you') : fullName(m));
  return (
    <Group gap={4} wrap="wrap" component="nav" aria-label={t('path.label')} data-testid="org-path">
      {shown.map((m, i) => (
        <Fragment key={m ? m.id : `gap-${i}`}>
          {m ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onPick(m.id)}
              title={m.member_code}
            >
              {label(m)}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed" aria-label={t('path.more')}>
              …
            </Text>
          )}
          <IconChevronRight size={14} aria-hidden="true" />
        </Fragment>
      ))}
      <Text size="sm" fw={600} aria-current="page">
        {fullName(top)}
      </Text>
    </Group>
  );
}
