import '../dashboard-namespace';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TeamGrowthPoint } from '@portal/contracts/network';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { growthRows } from '../model/growth-chart';

const COLORS = { placed: 'brand.7', referred: 'orange.5' };

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

/** Team growth by month as grouped bars (@mantine/charts on recharts), with a table for screen readers. */
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
        <BarChart
          h={240}
          data={rows}
          dataKey="tick"
          tickLine="none"
          // The chart is one picture (the table below reads the numbers out): no keyboard layer inside it.
          barChartProps={{ accessibilityLayer: false }}
          gridAxis="y"
          valueFormatter={(n) => formatCount(n, lang)}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
          yAxisProps={{ allowDecimals: false, width: 36 }}
          tooltipProps={{
            labelFormatter: (_tick, payload) =>
              (payload?.[0]?.payload as { label?: string } | undefined)?.label ?? '',
          }}
          series={[
            { name: 'placed', label: t('growth.placed'), color: COLORS.placed },
            { name: 'referred', label: t('growth.referred'), color: COLORS.referred },
          ]}
        />
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
