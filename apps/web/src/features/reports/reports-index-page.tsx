import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Card, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/i18n/dates';
import { formatPoints } from '../../lib/i18n/numbers';
import { useCashbackSummary } from './api/cashback-summary';
import { useCycleSummary } from './api/cycle-summary';
import { useDropshipSummary } from './api/dropship-summary';
import { incomeSummary } from './api/income-summary';
import { lvpLines } from './api/lvp-lines';
import { useMtaSummary } from './api/mta-summary';
import { useOrderSummary } from './api/order-summary';
import { pointLines } from './api/point-lines';
import { usePointSummary } from './api/point-summary';
import { useReferrerSummary } from './api/referrer-summary';
import { titleHistory } from './api/title-history';
import { useBusinessToday, useTravelPoint } from './api/travel-point';
import { formatCell } from './components/format';
import { useLang } from '../../lib/i18n/use-lang';
import { useLabels } from './components/labels';
import { ReportHeader } from './components/report-frame';
import type { CellValue, ColumnKind } from './model/columns';
import { INCOME_SERIES, REPORT_KEYS, lastWeeks, reportPath, type ReportKey } from './model/catalog';
import { monthOf } from './model/query';
import './reports-namespace';

type Figure = { kind: ColumnKind; value: CellValue; loading: boolean };

/** This month's figure of each report, from its summary call (income: earned, decision 021). */
function useFigures(range: { date_from: string; date_to: string }): Record<ReportKey, Figure> {
  const one = { ...range, page: 1, per_page: 1 };
  const cycle = useCycleSummary(range);
  const referrer = useReferrerSummary(range);
  const mta = useMtaSummary(range);
  const cashback = useCashbackSummary(range);
  const travel = useTravelPoint(range);
  const point = usePointSummary(range);
  const title = titleHistory.use(one);
  const lvp = lvpLines.use(one);
  const points = pointLines.use(one);
  const orders = useOrderSummary(range);
  const dropship = useDropshipSummary(range);
  const f = (
    kind: ColumnKind,
    q: { data?: unknown; isPending: boolean },
    value: CellValue | undefined,
  ): Figure => ({
    kind,
    value: value ?? null,
    loading: q.isPending,
  });
  return {
    cycle_bonus: f('money', cycle, cycle.data?.amount),
    referrer_bonus: f('money', referrer, referrer.data?.amount),
    mta_bonus: f('money', mta, mta.data?.amount),
    cashback_bonus: f('money', cashback, cashback.data?.amount),
    travel_point: f('int', travel, travel.data?.range_points),
    point_value: f('int', point, point.data?.personal_pv),
    business_title: f('text', title, title.data?.current_title),
    point_lvp: f('int', lvp, lvp.data?.summary.closing_balance),
    use_point_balance: f('money', points, points.data?.summary.closing_balance),
    purchase_order: f('int', orders, orders.data?.orders),
    dropship: f('money', dropship, dropship.data?.amount),
  };
}

/** Income by week and type over the last eight weeks (report/income_summary per week). */
function WeeklyIncome({ today }: { today: string }) {
  const { t } = useTranslation('reports');
  const lang = useLang();
  const l = useLabels();
  const weeks = lastWeeks(today, 8);
  const found = useQueries({
    queries: weeks.map((w) => incomeSummary.query({ date_from: w.from, date_to: w.to })),
  });
  if (found.some((q) => !q.data)) return null;
  // The chart draws numbers; every figure read from the API's decimal text, none summed here.
  const data = weeks.map((w, i) => ({
    week: formatDate(w.from, lang),
    ...Object.fromEntries(
      INCOME_SERIES.map((type) => [
        type,
        Number(found[i]!.data!.by_type.find((b) => b.type === type)?.amount ?? '0'),
      ]),
    ),
  }));
  const colors = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6'];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="income-chart">
      <Title order={2} size="h5" mb="xs">
        {t('index.chartTitle')}
      </Title>
      <BarChart
        h={240}
        data={data}
        dataKey="week"
        type="stacked"
        withLegend
        valueFormatter={(n) => formatPoints(n.toFixed(2), lang)}
        series={INCOME_SERIES.map((type, i) => ({
          name: type,
          label: l.incomeType(type),
          color: colors[i]!,
        }))}
      />
    </Paper>
  );
}

/** /reports: every report as a card with this month's figure. */
export default function ReportsIndexPage() {
  const { t } = useTranslation('reports');
  const lang = useLang();
  const { today, ready } = useBusinessToday();
  const month = monthOf(today);
  const figures = useFigures({ date_from: month.from, date_to: month.to });
  return (
    <Stack gap="md">
      <ReportHeader
        title={t('index.title')}
        description={t('index.description', {
          month: formatDate(month.from, lang, 'long').replace(/^1 /, ''),
        })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm" data-testid="report-cards">
        {REPORT_KEYS.map((key) => {
          const fig = figures[key];
          return (
            <UnstyledButton
              key={key}
              component={Link}
              to={reportPath(key)}
              data-testid={`report-card-${key}`}
            >
              <Card withBorder radius="md" p="md" h="100%">
                <Text fw={700}>{t(`reports.${key}.title`)}</Text>
                <Text size="xs" c="dimmed" mb="xs" lineClamp={2}>
                  {t(`reports.${key}.description`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`reports.${key}.figure`)}
                </Text>
                <Text
                  fw={700}
                  size="xl"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                  data-testid="report-figure"
                >
                  {fig.loading ? '…' : formatCell(fig.kind, fig.value, lang)}
                </Text>
              </Card>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {ready && <WeeklyIncome today={today} />}
    </Stack>
  );
}
