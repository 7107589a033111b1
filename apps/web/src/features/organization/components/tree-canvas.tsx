import { ActionIcon, Loader, Tooltip } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import {
  IconArrowBarToLeft,
  IconArrowBarToRight,
  IconArrowsMaximize,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { HierarchyPointNode } from 'd3-hierarchy';
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type D3ZoomEvent, type ZoomBehavior, type ZoomTransform } from 'd3-zoom';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPoints } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { TREE_DATA_MARK } from '../api/downline-tree';
import { useSlotChoices } from '../api/slots';
import { fullName } from '../model/format';
import {
  CARD,
  cardHeight,
  fitTransform,
  initialView,
  linkPath,
  type EmptyDatum,
  type TreeDatum,
  type TreeLayout,
  viewPadding,
} from '../model/tree-model';
import { NodeDetails } from './node-details';
import { useCardText, useFontsVersion } from './card-text';
import { EmptyCard, MemberCard, memberCardReading, type MemberCardLabels } from './tree-node';
import classes from './tree.module.css';

export const TREE_DRAWN_MARK = 'org-tree-drawn';
export const TREE_DRAW_MEASURE = 'org-tree-draw';

const SCALE_EXTENT: [number, number] = [0.08, 2.5];
const HOVER_DELAY_MS = 200;

type Node = HierarchyPointNode<TreeDatum>;
interface Details {
  key: string;
  /** opened by a tap: stays until closed and has buttons; otherwise a hover or focus peek */
  pinned: boolean;
}

/** The part of the frame the window shows (a tall frame on a short screen runs below the fold). */
function visibleBand(frame: HTMLElement | null): { top: number; bottom: number } | undefined {
  if (!frame) return undefined;
  const rect = frame.getBoundingClientRect();
  return { top: Math.max(0, -rect.top), bottom: Math.min(rect.height, window.innerHeight - rect.top) };
}

/** Arrow keys walk the tree: down to the left child, up to the parent, left and right along a level. */
function neighbour(nodes: Node[], from: Node, key: string): Node | undefined {
  if (key === 'ArrowUp') return from.parent ?? undefined;
  if (key === 'ArrowDown') return from.children?.[0];
  const row = nodes.filter((n) => n.depth === from.depth).sort((a, b) => a.x - b.x);
  const i = row.indexOf(from);
  return key === 'ArrowLeft' ? row[i - 1] : key === 'ArrowRight' ? row[i + 1] : undefined;
}

export function TreeCanvas({
  layout,
  topId,
  lang,
  canAdd,
  busy,
  highlightId = null,
  onMakeTop,
  onAddAt,
}: {
  layout: TreeLayout;
  topId: number;
  lang: Language;
  canAdd: boolean;
  busy: boolean;
  /** a member to mark (just placed); the tree is scrolled into view when it is drawn */
  highlightId?: number | null;
  onMakeTop: (memberId: number) => void;
  onAddAt: (slot: EmptyDatum) => void;
}) {
  const { t } = useTranslation('organization');
  const { ref: frameRef, width, height } = useElementSize<HTMLDivElement>();
  const svgRef = useRef<SVGSVGElement>(null);
  const viewRef = useRef<SVGGElement>(null);
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const transformRef = useRef<ZoomTransform>(zoomIdentity);
  const nodeEls = useRef(new Map<string, SVGGElement>());
  const pointerType = useRef<string>('mouse');
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [details, setDetails] = useState<Details | null>(null);
  const [, setViewVersion] = useState(0);
  const detailsOpen = useRef(false);
  detailsOpen.current = details !== null;
  const text = useCardText(useFontsVersion());
  // Tooltips stick after a tap on touch screens and would cover the details sheet.
  const canHover = useMediaQuery('(hover: hover)') ?? true;

  const labels: MemberCardLabels = useMemo(
    () => ({
      left: t('sides.left'),
      right: t('sides.right'),
      inactive: t('tree.inactive'),
      moreBelow: t('tree.moreBelow'),
      count: (n) => formatCount(n, lang),
      // Whole points without their ".00" (a card is narrow); the details show them in full.
      points: (v) => formatPoints(v, lang).replace(/\.00$/, ''),
    }),
    [t, lang],
  );

  // Where the outer legs of this top end: the jump buttons' targets.
  const extremes = useSlotChoices(topId);

  const nodeByKey = useMemo(() => new Map(layout.nodes.map((n) => [n.data.key, n])), [layout]);

  // Pan and zoom: d3-zoom moves one <g> directly, so dragging never re-renders React.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const behavior = zoom<SVGSVGElement, unknown>()
      .scaleExtent(SCALE_EXTENT)
      .on('start', (event: D3ZoomEvent<SVGSVGElement, unknown>) => {
        // A drag or pinch by the member closes a hover peek; a pinned card follows the tree.
        if (event.sourceEvent) setDetails((d) => (d && !d.pinned ? null : d));
      })
      .on('zoom', (event: D3ZoomEvent<SVGSVGElement, unknown>) => {
        transformRef.current = event.transform;
        viewRef.current?.setAttribute('transform', event.transform.toString());
        if (detailsOpen.current) setViewVersion((v) => v + 1);
      });
    const selection = select(svg);
    selection.call(behavior).on('dblclick.zoom', null);
    zoomRef.current = behavior;
    return () => {
      selection.on('.zoom', null);
    };
  }, []);

  const apply = useCallback((k: number, x: number, y: number) => {
    const svg = svgRef.current;
    const behavior = zoomRef.current;
    if (svg && behavior) behavior.transform(select(svg), zoomIdentity.translate(x, y).scale(k));
  }, []);

  const fit = useCallback(
    (initial: boolean) => {
      if (!width || !height) return;
      const view = initial
        ? initialView(layout, { width, height })
        : fitTransform(
            layout.bounds,
            { width, height },
            { padding: viewPadding(width), minScale: SCALE_EXTENT[0] },
          );
      apply(view.k, view.x, view.y);
    },
    [apply, height, layout, width],
  );

  // A new top (or the first size) gets a fresh view; a refetch of the same top keeps the member's view.
  const fittedFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!width || !height) return;
    const key = `${topId}:${width}`;
    if (fittedFor.current === key) return;
    fittedFor.current = key;
    fit(true);
    setDetails(null);
  }, [fit, height, topId, width]);

  // A bar of docs/benchmarks.md: time from the data's arrival to the drawn tree (200 ms at most).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (!performance.getEntriesByName(TREE_DATA_MARK, 'mark').length) return;
        performance.mark(TREE_DRAWN_MARK);
        const measure = performance.measure(TREE_DRAW_MEASURE, TREE_DATA_MARK, TREE_DRAWN_MARK);
        svgRef.current?.setAttribute('data-draw-ms', measure.duration.toFixed(1));
        performance.clearMarks(TREE_DATA_MARK);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [layout]);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const highlightShown = highlightId !== null && nodeByKey.has(`member-${highlightId}`);
  useEffect(() => {
    if (!highlightShown) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    svgRef.current?.scrollIntoView?.({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  }, [highlightShown]);

  // On a phone the details are a sheet along the frame's bottom: bring the whole frame into view
  // (the page may have been scrolled so that only its top shows).
  const detailsKey = details?.key ?? null;
  useEffect(() => {
    if (!detailsKey || !width || width >= 520) return;
    const frame = svgRef.current?.parentElement;
    if (!frame) return;
    const rect = frame.getBoundingClientRect();
    // The frame's scroll margin is the fixed header's height: a top above it is hidden under it.
    const headerBottom = parseFloat(getComputedStyle(frame).scrollMarginTop) || 0;
    if (rect.top < headerBottom || rect.bottom > window.innerHeight * 0.9)
      frame.scrollIntoView({ block: 'start' });
  }, [detailsKey, width]);

  const zoomBy = (factor: number) => {
    const svg = svgRef.current;
    if (svg && zoomRef.current) zoomRef.current.scaleBy(select(svg), factor);
  };

  /** Keeps a keyboard-focused node on screen. */
  const reveal = (n: Node) => {
    const svg = svgRef.current;
    if (!svg || !zoomRef.current || !width || !height) return;
    const tr = transformRef.current;
    const [sx, sy] = tr.apply([n.x, n.y]);
    const mx = (CARD.width / 2) * tr.k;
    const my = (cardHeight(n.data) / 2) * tr.k;
    if (sx - mx < 0 || sx + mx > width || sy - my < 0 || sy + my > height) {
      zoomRef.current.translateTo(select(svg), n.x, n.y);
    }
  };

  const activate = (n: Node) => {
    const d = n.data;
    if (d.kind === 'empty') {
      if (canAdd) onAddAt(d);
      return;
    }
    if (d.isTop || pointerType.current === 'touch') {
      // A tap shows the details first (a touch screen has no hover); the top is already the top.
      setDetails({ key: d.key, pinned: true });
      return;
    }
    onMakeTop(d.node.id);
  };

  const onKeyDown = (n: Node, event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pointerType.current = 'keyboard';
      activate(n);
    } else if (event.key === 'Escape') {
      setDetails(null);
    } else if (event.key.startsWith('Arrow')) {
      const next = neighbour(layout.nodes, n, event.key);
      if (next) {
        event.preventDefault();
        nodeEls.current.get(next.data.key)?.focus();
      }
    }
  };

  const openPeek = (key: string) => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(
      () => setDetails((d) => (d?.pinned ? d : { key, pinned: false })),
      HOVER_DELAY_MS,
    );
  };
  const closePeek = () => {
    clearTimeout(hoverTimer.current);
    setDetails((d) => (d?.pinned ? d : null));
  };

  const detailNode = details ? nodeByKey.get(details.key) : undefined;
  const rootName = layout.nodes[0]?.data.kind === 'member' ? fullName(layout.nodes[0].data.node) : '';

  return (
    <div ref={frameRef} className={classes.frame} data-testid="org-tree">
      <svg
        ref={svgRef}
        className={classes.svg}
        role="group"
        aria-label={t('tree.label', { name: rootName })}
        onPointerDown={(e) => {
          pointerType.current = e.pointerType;
        }}
      >
        <g ref={viewRef}>
          {layout.links.map((link) => (
            <path
              key={`${link.source.data.key}>${link.target.data.key}`}
              d={linkPath(link)}
              className={
                link.target.data.kind === 'empty' ? `${classes.link} ${classes.linkEmpty}` : classes.link
              }
            />
          ))}
          {layout.nodes.map((n) => {
            const d = n.data;
            const h = cardHeight(d);
            const isMember = d.kind === 'member';
            const addable = !isMember && canAdd;
            // The name starts with what the card shows, in its order (WCAG 2.5.3, label in name).
            const emptyTitle = isMember ? '' : `${t('tree.empty')} · ${t(`sides.${d.position}`)}`;
            const reading = isMember ? memberCardReading(d.node, text, labels) : { seen: '', unseen: '' };
            const label = isMember
              ? `${t('tree.nodeLabel', {
                  card: reading.seen,
                  more: reading.unseen ? ` ${reading.unseen}` : '',
                  leftSide: labels.left,
                  left: labels.count(d.node.left_team),
                  leftPoints: labels.points(d.node.left_points),
                  rightSide: labels.right,
                  right: labels.count(d.node.right_team),
                  rightPoints: labels.points(d.node.right_points),
                })} ${d.isTop ? '' : t('tree.nodeAction')}`
                  .replace(/\s+/g, ' ')
                  .trim()
              : [
                  `${emptyTitle}${addable ? ` ${t('tree.addHere')}` : ''}.`,
                  t('tree.emptyLabel', { side: t(`sideWords.${d.position}`), name: fullName(d.upline) }),
                  addable ? t('tree.emptyAction') : '',
                ]
                  .filter(Boolean)
                  .join(' ');
            const className = [
              classes.node,
              isMember ? '' : classes.empty,
              addable ? classes.addable : '',
              isMember && d.isTop ? classes.top : '',
              isMember && !d.node.is_active ? classes.inactive : '',
              isMember && d.node.id === highlightId ? classes.fresh : '',
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <g
                key={d.key}
                ref={(el) => {
                  if (el) nodeEls.current.set(d.key, el);
                  else nodeEls.current.delete(d.key);
                }}
                transform={`translate(${n.x},${n.y})`}
                className={className}
                role={isMember || addable ? 'button' : 'img'}
                tabIndex={isMember || addable ? 0 : -1}
                aria-label={label}
                data-active={details?.key === d.key ? '' : undefined}
                data-testid={isMember ? `org-node-${d.node.id}` : `org-empty-${d.upline.id}-${d.position}`}
                onClick={() => activate(n)}
                onKeyDown={(e) => onKeyDown(n, e)}
                onPointerEnter={(e) => {
                  if (isMember && e.pointerType === 'mouse') openPeek(d.key);
                }}
                onPointerLeave={(e) => {
                  if (e.pointerType === 'mouse') closePeek();
                }}
                onFocus={(e) => {
                  if (!e.currentTarget.matches(':focus-visible')) return;
                  reveal(n);
                  if (isMember) setDetails((cur) => (cur?.pinned ? cur : { key: d.key, pinned: false }));
                }}
                onBlur={closePeek}
              >
                <rect
                  x={-CARD.width / 2 - 5}
                  y={-h / 2 - 5}
                  width={CARD.width + 10}
                  height={h + 10}
                  rx={15}
                  className={classes.focusRing}
                />
                {isMember ? (
                  <MemberCard node={d.node} text={text} labels={labels} />
                ) : (
                  <EmptyCard
                    slot={d}
                    addable={addable}
                    text={text}
                    title={emptyTitle}
                    action={t('tree.addHere')}
                  />
                )}
              </g>
            );
          })}
        </g>
      </svg>

      {busy && (
        <div className={classes.busy}>
          <Loader size="sm" aria-label={t('tree.loading')} />
        </div>
      )}

      <ActionIcon.Group orientation="vertical" className={classes.controls} aria-label={t('toolbar.label')}>
        <Tooltip label={t('toolbar.zoomIn')} position="left" withArrow disabled={!canHover}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => zoomBy(1.3)}
            aria-label={t('toolbar.zoomIn')}
            data-testid="org-zoom-in"
          >
            <IconZoomIn size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('toolbar.zoomOut')} position="left" withArrow disabled={!canHover}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => zoomBy(1 / 1.3)}
            aria-label={t('toolbar.zoomOut')}
            data-testid="org-zoom-out"
          >
            <IconZoomOut size={18} />
          </ActionIcon>
        </Tooltip>
        {(['left', 'right'] as const).map((side) => {
          // The bottom of the top's outer leg on that side (the member above its extreme free slot).
          const target = extremes.data?.quick[`extreme_${side}`]?.upline_member_id;
          const label = t(side === 'left' ? 'toolbar.extremeLeft' : 'toolbar.extremeRight');
          return (
            <Tooltip key={side} label={label} position="left" withArrow disabled={!canHover}>
              <ActionIcon
                variant="default"
                size="lg"
                disabled={target === undefined || target === topId}
                onClick={() => target !== undefined && onMakeTop(target)}
                aria-label={label}
                data-testid={`org-extreme-${side}`}
              >
                {side === 'left' ? <IconArrowBarToLeft size={18} /> : <IconArrowBarToRight size={18} />}
              </ActionIcon>
            </Tooltip>
          );
        })}
        <Tooltip label={t('toolbar.fit')} position="left" withArrow disabled={!canHover}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => fit(false)}
            aria-label={t('toolbar.fit')}
            data-testid="org-zoom-fit"
          >
            <IconArrowsMaximize size={18} />
          </ActionIcon>
        </Tooltip>
      </ActionIcon.Group>

      {detailNode && detailNode.data.kind === 'member' && (
        <NodeDetails
          node={detailNode.data.node}
          isTop={detailNode.data.isTop}
          pinned={details?.pinned ?? false}
          lang={lang}
          anchor={{
            x: transformRef.current.applyX(detailNode.x),
            halfWidth: (CARD.width / 2) * transformRef.current.k,
            top: transformRef.current.applyY(detailNode.y - CARD.height / 2),
            bottom: transformRef.current.applyY(detailNode.y + CARD.height / 2),
          }}
          frame={{ width, height }}
          visible={visibleBand(svgRef.current?.parentElement ?? null)}
          onClose={() => setDetails(null)}
          onMakeTop={() => onMakeTop((detailNode.data as Extract<TreeDatum, { kind: 'member' }>).node.id)}
        />
      )}
    </div>
  );
}
