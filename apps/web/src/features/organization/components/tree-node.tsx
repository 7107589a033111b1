import type { DownlineNode } from '@portal/contracts/network';
import { memo } from 'react';
import { DefaultAvatar } from '../../../components/shell/default-avatar';
import { CARD, type EmptyDatum } from '../model/tree-model';
import { fullName } from '../model/format';
import classes from './tree.module.css';

/** Cuts text to a width in one of the card's fonts (measured, so Thai and Latin both fit). */
export interface CardText {
  name: (text: string, maxWidth: number) => string;
  /** a name on one or two lines, cut only when two cannot hold it */
  nameLines: (text: string, maxWidth: number) => [string] | [string, string];
  small: (text: string, maxWidth: number) => string;
  smallWidth: (text: string) => number;
  tiny: (text: string, maxWidth: number) => string;
  tinyWidth: (text: string) => number;
}

export interface MemberCardLabels {
  left: string;
  right: string;
  inactive: string;
  moreBelow: string;
  count: (n: number) => string;
  points: (value: string) => string;
}

const W = CARD.width;
const H = CARD.height;
const PAD = 12;
const AVATAR = 40;
const TEXT_X = PAD + AVATAR + 10;
/** right edge of the team-count column; points are right-aligned to the card's edge */
const COUNT_RIGHT = 94;
/** the second line of a wrapped name, below the first */
const NAME_LINE = 18;

/** One side's row: the side, its team size and its points. */
function SideRow({
  y,
  side,
  label,
  count,
  points,
  text,
}: {
  y: number;
  side: 'left' | 'right';
  label: string;
  count: string;
  points: string;
  text: CardText;
}) {
  const labelWidth = COUNT_RIGHT - PAD - text.smallWidth(count) - 6;
  return (
    <g>
      <text x={PAD} y={y} className={side === 'left' ? classes.sideLeft : classes.sideRight}>
        {text.tiny(label, Math.max(12, labelWidth))}
      </text>
      <text x={COUNT_RIGHT} y={y} textAnchor="end" className={classes.sideValue}>
        {count}
      </text>
      <text x={W - PAD} y={y} textAnchor="end" className={classes.sidePoints}>
        {text.small(points, W - PAD - COUNT_RIGHT - 8)}
      </text>
    </g>
  );
}

export const MemberCard = memo(function MemberCard({
  node,
  text,
  labels,
}: {
  node: DownlineNode;
  text: CardText;
  labels: MemberCardLabels;
}) {
  const subtitle = [node.package, node.business_title].filter(Boolean).join(' · ');
  const clipId = `org-avatar-${node.id}`;
  const textWidth = W - TEXT_X - PAD;
  const inactiveWidth = node.is_active ? 0 : text.tinyWidth(labels.inactive) + 12;
  // A long name wraps to a second line (issue 11: names not cut); the rest moves down by a line.
  const nameLines = text.nameLines(fullName(node), textWidth);
  const extra = nameLines.length === 2 ? NAME_LINE : 0;
  return (
    <g transform={`translate(${-W / 2},${-H / 2})`}>
      <rect width={W} height={H} rx={12} className={classes.card} />
      <clipPath id={clipId}>
        <circle cx={PAD + AVATAR / 2} cy={PAD + AVATAR / 2} r={AVATAR / 2} />
      </clipPath>
      <g clipPath={`url(#${clipId})`} className={classes.avatar}>
        {node.avatar_thumbnail ? (
          <image
            href={node.avatar_thumbnail}
            x={PAD}
            y={PAD}
            width={AVATAR}
            height={AVATAR}
            preserveAspectRatio="xMidYMid slice"
          />
        ) : (
          <svg x={PAD} y={PAD} width={AVATAR} height={AVATAR}>
            <DefaultAvatar gender={node.gender} />
          </svg>
        )}
      </g>
      <text x={TEXT_X} y={28} className={classes.name}>
        {nameLines.map((line, i) => (
          <tspan key={i} x={TEXT_X} dy={i === 0 ? 0 : NAME_LINE}>
            {line}
          </tspan>
        ))}
      </text>
      <text x={TEXT_X} y={49 + extra} className={classes.code}>
        {node.member_code}
      </text>
      {!node.is_active && (
        <g transform={`translate(${W - PAD - inactiveWidth},${37 + extra})`}>
          <rect width={inactiveWidth} height={17} rx={8} className={classes.badge} />
          <text x={inactiveWidth / 2} y={12.5} textAnchor="middle" className={classes.badgeText}>
            {labels.inactive}
          </text>
        </g>
      )}
      {subtitle && (
        <text x={PAD} y={71 + extra} className={classes.title}>
          {text.small(subtitle, W - 2 * PAD)}
        </text>
      )}
      <line x1={PAD} x2={W - PAD} y1={82 + extra} y2={82 + extra} className={classes.divider} />
      <SideRow
        y={104 + extra}
        side="left"
        label={labels.left}
        count={labels.count(node.left_team)}
        points={labels.points(node.left_points)}
        text={text}
      />
      <SideRow
        y={124 + extra}
        side="right"
        label={labels.right}
        count={labels.count(node.right_team)}
        points={labels.points(node.right_points)}
        text={text}
      />
      {node.has_more && <MoreMarker label={labels.moreBelow} text={text} />}
    </g>
  );
});

function MoreMarker({ label, text }: { label: string; text: CardText }) {
  const content = `▾ ${label}`;
  const width = Math.min(W - 20, text.tinyWidth(content) + 22);
  return (
    <g className={classes.more} transform={`translate(${(W - width) / 2},${H + 6})`} aria-hidden="true">
      <rect width={width} height={22} rx={11} />
      <text x={width / 2} y={15.5} textAnchor="middle">
        {text.tiny(content, width - 12)}
      </text>
    </g>
  );
}

export const EmptyCard = memo(function EmptyCard({
  slot,
  addable,
  text,
  title,
  action,
}: {
  slot: EmptyDatum;
  addable: boolean;
  text: CardText;
  title: string;
  action: string;
}) {
  const h = CARD.emptyHeight;
  return (
    <g transform={`translate(${-W / 2},${-h / 2})`} data-side={slot.position}>
      <rect width={W} height={h} rx={12} className={classes.emptyCard} />
      <text x={W / 2} y={addable ? 34 : 45} textAnchor="middle" className={classes.emptyText}>
        {text.name(title, W - 24)}
      </text>
      {addable && (
        <text x={W / 2} y={58} textAnchor="middle" className={classes.emptyAction}>
          {text.small(action, W - 24)}
        </text>
      )}
    </g>
  );
});
