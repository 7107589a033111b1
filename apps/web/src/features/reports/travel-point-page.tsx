import { Alert, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconPlaneDeparture } from '@tabler/icons-react';
import type { CycleRow } from '@portal/contracts/reports';
import type { TravelPoint } from '@portal/contracts/travel-report';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n/dates';
import { formatCount } from '../../lib/i18n/numbers';
import { campaignPercent } from '../../lib/title-progress';
import { useLang } from '../../lib/i18n/use-lang';
import { useLabels } from './components/labels';
import { ReportFrame } from './components/report-frame';
import { useReportView, useViewPage } from './components/report-view';
import type { ReportColumn } from './model/columns';
import './reports-namespace';
import { cycleTransactions } from './api/cycle-transactions';
import { useTravelPoint } from './api/travel-point';

/** The plan's travel campaign: its window, target, my points and what is missing; or that there is none. */
function Campaign({ travel }: { travel: TravelPoint | undefined }) {
  const { t } = useTranslation('reports');
  const lang = useLang();
  if (!travel) return null;
  const c = travel.campaign;
  if (!c)
    return (
      <Alert
        variant="light"
        color="gray"
        icon={<IconPlaneDeparture size={18} />}
        data-testid="travel-no-campaign"
      >
        {t('travel.noCampaign')}
      </Alert>
    );
  const percent = campaignPercent(travel.campaign_points, c.required_points);
  return (
    <Paper withBorder radius="md" p="md" data-testid="travel-campaign">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h5">
            {t('travel.campaign', { from: formatDate(c.start, lang), to: formatDate(c.end, lang) })}
          </Title>
          <Text size="sm" c="dimmed">
            {travel.days_left === 0
              ? t('travel.ended')
              : t('travel.daysLeft', { count: travel.days_left ?? 0 })}
          </Text>
        </Group>
        <Progress value={percent} size="lg" radius="xl" aria-label={t('travel.progress')} />
        <Text size="sm">
          {travel.reached
            ? t('travel.reached', { points: formatCount(travel.campaign_points, lang) })
            : t('travel.missing', {
                points: formatCount(travel.campaign_points, lang),
                required: formatCount(c.required_points, lang),
                missing: formatCount(travel.missing_points, lang),
              })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** /reports/travel_point: travel points (the cycles of qualified closings, plan 3.2) and the campaign. */
export default function TravelPointPage() {
  const { t } = useTranslation('reports');
  const l = useLabels();
  const v = useReportView();
  const list = useViewPage(v, cycleTransactions);
  const travel = useTravelPoint(v.range);
  const s = travel.data;
  const c = s?.campaign;
  const inCampaign = (date: string) => (c ? date >= c.start && date <= c.end : false);
  const columns: ReportColumn<CycleRow>[] = [
    { key: 'date', title: t('col.date'), kind: 'date', value: (r) => r.date },
    { key: 'qualified', title: t('col.qualified'), kind: 'text', value: (r) => l.yesNo(r.qualified) },
    { key: 'cycles', title: t('col.cycles'), kind: 'int', value: (r) => r.cycles },
    {
      key: 'travel_points',
      title: t('col.travelPoints'),
      kind: 'int',
      value: (r) => (r.qualified ? r.cycles : 0),
      compact: 'amount',
    },
  ];
  // The campaign column only when there is a campaign.
  if (c)
    columns.push({
      key: 'in_campaign',
      title: t('col.inCampaign'),
      kind: 'text',
      value: (r) => l.yesNo(inCampaign(r.date)),
    });
  return (
    <ReportFrame
      report="travel_point"
      title={t('reports.travel_point.title')}
      description={t('reports.travel_point.description')}
      v={v}
      call={cycleTransactions}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      summary={[
        { key: 'range_points', label: t('summary.rangePoints'), kind: 'int', value: s?.range_points ?? null },
        { key: 'total_points', label: t('summary.totalPoints'), kind: 'int', value: s?.total_points ?? null },
        ...(c
          ? [
              {
                key: 'campaign_points',
                label: t('summary.campaignPoints'),
                kind: 'int' as const,
                value: s?.campaign_points ?? null,
              },
              {
                key: 'required',
                label: t('summary.required'),
                kind: 'int' as const,
                value: c.required_points,
              },
              {
                key: 'missing',
                label: t('summary.missing'),
                kind: 'int' as const,
                value: s?.missing_points ?? null,
              },
            ]
          : []),
      ]}
      summaryLoading={travel.isFetching}
    >
      <Campaign travel={s} />
    </ReportFrame>
  );
}
