import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPoints } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { fullName } from '../model/format';
import { treeLevels } from '../model/tree-levels';
import type { EmptyDatum, TreeLayout } from '../model/tree-model';
import { MemberAvatar } from './member-avatar';

/**
 * The tree as lists, for a phone: each level below the top, left to right, every member a row
 * with their whole name, sides and points (a tap makes them the top), every empty slot a row that
 * starts the wizard there.
 */
export function TreeList({
  layout,
  lang,
  canAdd,
  onMakeTop,
  onAddAt,
}: {
  layout: TreeLayout;
  lang: Language;
  canAdd: boolean;
  onMakeTop: (memberId: number) => void;
  onAddAt: (slot: EmptyDatum) => void;
}) {
  const { t } = useTranslation('organization');
  const levels = treeLevels(layout);
  return (
    <Stack gap="md" data-testid="org-list">
      {levels.map(({ level, items }) => (
        <Stack key={level} gap={6}>
          <Text size="sm" fw={600} c="dimmed">
            {t('list.level', { level })}
          </Text>
          {items.map((d) =>
            d.kind === 'member' ? (
              <Paper key={d.key} withBorder radius="md" p="sm">
                <UnstyledButton
                  w="100%"
                  onClick={() => onMakeTop(d.node.id)}
                  aria-label={`${fullName(d.node)} ${d.node.member_code}`}
                  data-testid={`org-list-${d.node.id}`}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <MemberAvatar member={d.node} size={36} />
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <Text size="sm" fw={600} lh={1.45} style={{ overflowWrap: 'anywhere' }}>
                        {fullName(d.node)}
                      </Text>
                      <Group gap={6} wrap="wrap">
                        <Text size="xs" c="dimmed">
                          {d.node.member_code}
                        </Text>
                        {d.node.side && (
                          <Badge size="xs" variant="light" color={d.node.side === 'left' ? 'teal' : 'grape'}>
                            {t(`sides.${d.node.side}`)}
                          </Badge>
                        )}
                        {!d.node.is_active && (
                          <Badge size="xs" variant="light" color="gray">
                            {t('tree.inactive')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs">
                        {t('list.teams', {
                          left: formatCount(d.node.left_team, lang),
                          leftPoints: formatPoints(d.node.left_points, lang),
                          right: formatCount(d.node.right_team, lang),
                          rightPoints: formatPoints(d.node.right_points, lang),
                        })}
                      </Text>
                    </Stack>
                    <IconChevronRight size={18} style={{ flexShrink: 0, alignSelf: 'center' }} />
                  </Group>
                </UnstyledButton>
              </Paper>
            ) : (
              <Paper
                key={d.key}
                withBorder
                radius="md"
                p="sm"
                style={{ borderStyle: 'dashed' }}
                data-testid={`org-list-empty-${d.upline.id}-${d.position}`}
              >
                <Group gap="sm" wrap="nowrap" justify="space-between">
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {t('tree.emptyLabel', { side: t(`sideWords.${d.position}`), name: fullName(d.upline) })}
                  </Text>
                  {canAdd && (
                    <UnstyledButton onClick={() => onAddAt(d)} aria-label={t('tree.addHere')}>
                      <Text size="sm" fw={600} c="brand.8" style={{ whiteSpace: 'nowrap' }}>
                        {t('tree.addHere')}
                      </Text>
                    </UnstyledButton>
                  )}
                </Group>
              </Paper>
            ),
          )}
        </Stack>
      ))}
    </Stack>
  );
}
