import '../dashboard-namespace';
import { Box, Group, Paper, Skeleton, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TeamGrowthPoint } from '@portal/contracts/network';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/preferences';
import { GROWTH_COLORS as COLORS, growthRows } from '../model/growth-chart';

// The bars (recharts and d3, most of the dashboard's JavaScript) load after the page's figures; the
// title, the legend and the table for screen readers are drawn at once, the bars' place held (issue 24).
const GrowthBars = lazy(() => import('./growth-bars'));

/** The legend as text that wraps on a phone (the chart's own legend is drawn inside its box). */
function LegendItem({ color, label }: { color: string; label: string }) {
  const [name, shade] = color.split('.');
  return (
    <Group gap={6} wrap="nowrap">
      <Box
        w={12}
        h={12}
        style={{ background: `var(--mantine-color-${name}-${shade})`, borderRadius: 3, flex: 'none' }}
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/** Team growth by month as grouped bars (growth-bars.tsx), with a table for screen readers. */
export function GrowthChart({ growth, lang }: { growth: TeamGrowthPoint[]; lang: Language }) {
  const { t } = useTranslation('dashboard');
  const titleId = useId();
  const rows = growthRows(growth, lang);

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
      <div role="img" aria-labelledby={titleId}>
        <Suspense fallback={<Skeleton h={240} radius="md" data-testid="dashboard-growth-loading" />}>
          <GrowthBars
            rows={rows}
            lang={lang}
            labels={{ placed: t('growth.placed'), referred: t('growth.referred') }}
          />
        </Suspense>
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
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td>{r.placed}</td>
                <td>{r.referred}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Paper>
  );
}
