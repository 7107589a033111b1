import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatCount } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { GROWTH_COLORS, type GrowthRow } from '../model/growth-chart';

/**
 * The growth chart's bars (@mantine/charts on recharts, with d3): a chunk of their own, loaded after the
 * dashboard's figures are on screen, so a phone does not download and run them before it (issue 24).
 */
export default function GrowthBars({
  rows,
  lang,
  labels,
}: {
  rows: GrowthRow[];
  lang: Language;
  labels: { placed: string; referred: string };
}) {
  return (
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
        { name: 'placed', label: labels.placed, color: GROWTH_COLORS.placed },
        { name: 'referred', label: labels.referred, color: GROWTH_COLORS.referred },
      ]}
    />
  );
}
