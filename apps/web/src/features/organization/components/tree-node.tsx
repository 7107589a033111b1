import type { DownlineNode } from '@portal/contracts/network';
import { memo } from 'react';
import { DefaultAvatar } from '../../../components/shell/default-avatar';
import { CARD, type EmptyDatum } from '../model/tree-model';
import { ELLIPSIS } from '../model/fit-text';
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
const PAD = 10;
const AVATAR = 32;
const TEXT_X = PAD + AVATAR + 8;
/** right edge of the team-count column; points are right-aligned to the card's edge */
const COUNT_RIGHT = 72;
/** the name's first line, under the avatar, across the card; the second line below it */
const NAME_Y = 61;
const NAME_LINE = 17;

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
        {text.small(points, W - PAD - COUNT_RIGHT - 6)}
      </text>
    </g>
  );
}

/**
 * Where a member card puts its texts: shared by the card and by its accessible name, which the tree
 * asks on each of its renders. Measured once per member, texts and labels (a name's wrapping takes
 * the browser's word segmenter): kept while the same answer's node object lives.
 */
const layouts = new WeakMap<
  DownlineNode,
  { text: CardText; labels: MemberCardLabels; layout: ReturnType<typeof measureCard> }
>();
function memberCardLayout(node: DownlineNode, text: CardText, labels: MemberCardLabels) {
  const kept = layouts.get(node);
  if (kept && kept.text === text && kept.labels === labels) return kept.layout;
  const layout = measureCard(node, text, labels);
  layouts.set(node, { text, labels, layout });
  return layout;
}

function measureCard(node: DownlineNode, text: CardText, labels: MemberCardLabels) {
  const name = fullName(node);
  const subtitle = [node.package, node.business_title].filter(Boolean).join(' · ');
  const inactiveWidth = node.is_active ? 0 : text.tinyWidth(labels.inactive) + 12;
  // The name runs across the card under the avatar, on two lines when long (issue 11: never cut).
  const nameLines = text.nameLines(name, W - 2 * PAD);
  // The package and title: under a one-line name, across the card; else beside the avatar, after
  // the code and the inactive badge (cut to fit).
  const subtitleUnder = nameLines.length === 1;
  const subtitleX = subtitleUnder ? PAD : TEXT_X + (inactiveWidth ? inactiveWidth + 5 : 0);
  const subtitleRoom = W - PAD - subtitleX;
  const subtitleShown = subtitle !== '' && subtitleRoom >= 28 ? text.small(subtitle, subtitleRoom) : '';
  return { name, subtitle, inactiveWidth, nameLines, subtitleUnder, subtitleX, subtitleShown };
}

/**
 * A member card's texts as it shows them, top to bottom (and in the document in that order): the
 * code, the inactive badge, the package and title beside the avatar, the name's lines, the package
 * and title under it. The card's accessible name starts with them (WCAG 2.5.3, label in name);
 * `unseen` is, whole, what the card cuts or has no room to show (a long name, the title).
 */
export function memberCardReading(
  node: DownlineNode,
  text: CardText,
  labels: MemberCardLabels,
): { seen: string; unseen: string } {
  const l = memberCardLayout(node, text, labels);
  const shownName = l.nameLines.join(' ');
  const seen = [
    node.member_code,
    node.is_active ? '' : labels.inactive,
    l.subtitleUnder ? '' : l.subtitleShown,
    shownName,
    l.subtitleUnder ? l.subtitleShown : '',
  ];
  const unseen = [
    shownName.endsWith(ELLIPSIS) ? l.name : '',
    l.subtitleShown === l.subtitle ? '' : l.subtitle,
  ];
  return { seen: seen.filter(Boolean).join(' '), unseen: unseen.filter(Boolean).join(' ') };
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
  const clipId = `org-avatar-${node.id}`;
  const besideAvatar = W - TEXT_X - PAD;
  const { inactiveWidth, nameLines, subtitleUnder, subtitleX, subtitleShown } = memberCardLayout(
    node,
    text,
    labels,
  );
  const subtitleText = subtitleShown && (
    <text x={subtitleX} y={subtitleUnder ? NAME_Y + NAME_LINE + 1 : 41} className={classes.title}>
      {subtitleShown}
    </text>
  );
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
      <text x={TEXT_X} y={23} className={classes.code}>
        {text.small(node.member_code, besideAvatar)}
      </text>
      {!node.is_active && (
        <g transform={`translate(${TEXT_X},${28})`}>
          <rect width={inactiveWidth} height={17} rx={8} className={classes.badge} />
          <text x={inactiveWidth / 2} y={12.5} textAnchor="middle" className={classes.badgeText}>
            {labels.inactive}
          </text>
        </g>
      )}
      {!subtitleUnder && subtitleText}
      <text x={PAD} y={NAME_Y} className={classes.name}>
        {nameLines.map((line, i) => (
          <tspan key={i} x={PAD} dy={i === 0 ? 0 : NAME_LINE}>
            {line}
          </tspan>
        ))}
      </text>
      {subtitleUnder && subtitleText}
      <line x1={PAD} x2={W - PAD} y1={88} y2={88} className={classes.divider} />
      <SideRow
        y={107}
        side="left"
        label={labels.left}
        count={labels.count(node.left_team)}
        points={labels.points(node.left_points)}
        text={text}
      />
      <SideRow
        y={126}
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
      <text x={W / 2} y={addable ? 32 : 43} textAnchor="middle" className={classes.emptyText}>
        {text.name(title, W - 24)}
      </text>
      {addable && (
        <text x={W / 2} y={55} textAnchor="middle" className={classes.emptyAction}>
          {text.small(action, W - 24)}
        </text>
      )}
    </g>
  );
});
