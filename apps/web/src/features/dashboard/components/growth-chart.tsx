import { Box, Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { TeamGrowthPoint } from '@portal/contracts/network';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { axisLabels, growthGeometry, monthLabel } from '../model/growth-chart';

const HEIGHT = 220;
const COLORS = { placed: 'var(--mantine-color-brand-7)', referred: 'var(--mantine-color-orange-5)' };

function LegendItem({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={12} h={12} style={{ background: color, borderRadius: 3, flex: 'none' }} />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/** Team growth by month as grouped bars, drawn as plain SVG at the container's pixel width. */
export function GrowthChart({ growth, lang }: { growth: TeamGrowthPoint[]; lang: Language }) {
  const { t } = useTranslation('dashboard');
  const { ref, width } = useElementSize<HTMLDivElement>();
  const titleId = useId();
  const narrow = width > 0 && width < 480;
  const g = growthGeometry(growth, {
    width,
    height: HEIGHT,
    margin: { top: 12, right: 4, bottom: 44, left: 34 },
  });
  // On a phone every other month is labelled; the bars still show all twelve.
  const shown = axisLabels(
    growth.map((p) => p.month),
    g.band < 34 ? 2 : 1,
  );
  const labels = growth.map((p) => monthLabel(p.month, lang));

  return (
    <Paper withBorder p="lg" radius="lg" data-testid="dashboard-growth">
      <Title order={2} size="h4" id={titleId}>
        {t('growth.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('growth.subtitle')}
      </Text>
      <Group gap="md" mb="xs" wrap="wrap">
        <LegendItem color={COLORS.placed} label={t('growth.placed')} />
        <LegendItem color={COLORS.referred} label={t('growth.referred')} />
      </Group>
      <div ref={ref} style={{ width: '100%' }}>
        {width > 0 && (
          <svg
            width={width}
            height={HEIGHT}
            role="img"
            aria-labelledby={titleId}
            style={{ display: 'block', overflow: 'visible' }}
          >
            {g.ticks.map((tick) => (
              <g key={tick.value}>
                <line
                  x1={g.plot.left}
                  x2={g.plot.left + g.plot.width}
                  y1={tick.y}
                  y2={tick.y}
                  stroke="var(--mantine-color-gray-3)"
                  strokeDasharray={tick.value === 0 ? undefined : '3 3'}
                />
                <text
                  x={g.plot.left - 6}
                  y={tick.y + 4}
                  textAnchor="end"
                  fontSize={11}
                  fill="var(--mantine-color-dimmed)"
                >
                  {formatCount(tick.value, lang)}
                </text>
              </g>
            ))}
            {g.months.map((m, i) => {
              const label = labels[i]!;
              const { month: showMonth, year: showYear } = shown[i]!;
              return (
                <g key={m.point.month} data-testid={`growth-${m.point.month}`}>
                  <title>
                    {t('growth.barTitle', {
                      month: `${label.month} ${label.year}`,
                      placed: formatCount(m.point.placed, lang),
                      referred: formatCount(m.point.referred, lang),
                    })}
                  </title>
                  <rect {...m.placed} rx={2} fill={COLORS.placed} />
                  <rect {...m.referred} rx={2} fill={COLORS.referred} />
                  {/* an invisible full-height target so the tooltip also shows on short bars */}
                  <rect
                    x={m.cx - g.band / 2}
                    y={g.plot.top}
                    width={g.band}
                    height={g.plot.height}
                    fill="transparent"
                  />
                  {showMonth && (
                    <text
                      x={m.cx}
                      y={g.plot.bottom + 16}
                      textAnchor="middle"
                      fontSize={narrow ? 10 : 11}
                      fill="var(--mantine-color-text)"
                    >
                      {label.month}
                    </text>
                  )}
                  {showYear && (
                    <text
                      x={m.cx}
                      y={g.plot.bottom + 33}
                      textAnchor="middle"
                      fontSize={10}
                      fill="var(--mantine-color-dimmed)"
                    >
                      {label.year}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        )}
      </div>
      <VisuallyHidden>
        <table>
          <caption>{t('growth.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('growth.month')}</th>
              <th scope="col">{t('growth.placed')}</th>
              <th scope="col">{t('growth.referred')}</th>
            </tr>
          </thead>
          <tbody>
            {growth.map((p, i) => (
              <tr key={p.month}>
                <th scope="row">{`${labels[i]!.month} ${labels[i]!.year}`}</th>
                <td>{p.placed}</td>
                <td>{p.referred}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
