import { Badge, Button, CloseButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBinaryTree2 } from '@tabler/icons-react';
import type { DownlineNode } from '@portal/contracts/network';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n/dates';
import { formatCount, formatPoints } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { detailsPlacement } from '../model/details-placement';
import { fullName } from '../model/format';
import { MemberAvatar } from './member-avatar';
import classes from './tree.module.css';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * A member's details beside their card: a peek on hover or keyboard focus, or a pinned card with
 * actions after a tap. The full name is here, so the card may shorten it.
 */
export function NodeDetails({
  node,
  isTop,
  pinned,
  lang,
  anchor,
  frame,
  visible,
  onClose,
  onMakeTop,
}: {
  node: DownlineNode;
  isTop: boolean;
  pinned: boolean;
  lang: Language;
  /** the card's centre x, half its width and its top and bottom edges, in frame pixels */
  anchor: { x: number; top: number; bottom: number; halfWidth?: number };
  frame: { width: number; height: number };
  /** the part of the frame the window shows, in frame pixels */
  visible?: { top: number; bottom: number };
  onClose: () => void;
  onMakeTop: () => void;
}) {
  const { t } = useTranslation('organization');
  // The card's whole height, measured once drawn: it is placed where all of it shows.
  const paper = useRef<HTMLDivElement>(null);
  const [need, setNeed] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const el = paper.current;
    if (!el) return;
    const natural = el.scrollHeight + 2;
    setNeed((cur) => (cur !== undefined && Math.abs(cur - natural) < 2 ? cur : natural));
  }, [node, pinned, lang]);
  const place = detailsPlacement(anchor, frame, { need, visible });
  const none = t('details.none');
  const name = fullName(node);

  return (
    <Paper
      ref={paper}
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      className={`${classes.details} ${pinned ? '' : classes.peek}`}
      style={{ ...place, overflowY: 'auto' }}
      role={pinned ? 'dialog' : 'tooltip'}
      aria-label={name}
      data-testid="org-node-details"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <MemberAvatar member={node} size={44} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} lh={1.45} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Group gap={6} wrap="wrap">
              <Text size="sm" c="dimmed">
                {node.member_code}
              </Text>
              <Badge size="sm" variant="light" color={node.is_active ? 'teal' : 'gray'}>
                {node.is_active ? t('details.active') : t('details.inactive')}
              </Badge>
            </Group>
          </Stack>
          {pinned && <CloseButton onClick={onClose} aria-label={t('details.close')} />}
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          <Field label={t('details.package')}>{node.package ?? none}</Field>
          <Field label={t('details.businessTitle')}>{node.business_title ?? none}</Field>
          <Field label={t('details.side')}>
            {node.side ? t(`sides.${node.side}`) : isTop ? t('details.topSide') : none}
          </Field>
          <Field label={t('details.placedAt')}>{formatDate(node.placed_at, lang) || none}</Field>
          <Field label={t('details.leftTeam')}>{formatCount(node.left_team, lang)}</Field>
          <Field label={t('details.rightTeam')}>{formatCount(node.right_team, lang)}</Field>
          <Field label={t('details.leftPoints')}>{formatPoints(node.left_points, lang)}</Field>
          <Field label={t('details.rightPoints')}>{formatPoints(node.right_points, lang)}</Field>
          <Field label={t('details.points')}>{formatPoints(node.point, lang)}</Field>
        </SimpleGrid>
        {pinned && !isTop && (
          <Button
            size="sm"
            leftSection={<IconBinaryTree2 size={16} />}
            onClick={onMakeTop}
            data-testid="org-details-show-team"
          >
            {t('details.showTeam')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
