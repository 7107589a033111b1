import { Group, Loader, Text } from '@mantine/core';
import type { CycleRow } from '@portal/contracts/reports';
import { useTranslation } from 'react-i18next';
import { Cell } from './components/format';
import { stateTone, useLabels } from './components/labels';
import { ReportFrame } from './components/report-frame';
import { useReportView, useViewPage } from './components/report-view';
import type { ReportColumn } from './model/columns';
import './reports-namespace';
import { useCycleDetail } from './api/cycle-detail';
import { useCycleSummary } from './api/cycle-summary';
import { cycleTransactions } from './api/cycle-transactions';

/** A closing row's detail (report/cycle_transaction/{date}): qualification, split, payout. */
function CycleDetailView({ date }: { date: string }) {
  const { t } = useTranslation('reports');
  const l = useLabels();
  const d = useCycleDetail(date);
  if (!d.data) return <Loader size="sm" />;
  const r = d.data;
  const pairs: [string, React.ReactNode][] = [
    [t('col.qualified'), r.qualified ? l.yesNo(true) : `${l.yesNo(false)} (${l.reason(r.reason) ?? ''})`],
    [t('col.pointPart'), <Cell key="p" kind="money" value={r.point_part} />],
    [t('col.cashPart'), <Cell key="c" kind="money" value={r.cash_part} />],
    [t('col.payoutDate'), <Cell key="d" kind="date" value={r.payout_date} />],
    [t('col.planVersion'), r.plan_version],
  ];
  return (
    <Group gap="lg" data-testid="cycle-detail">
      {pairs.map(([k, val]) => (
        <Text key={k} size="sm">
          <Text span c="dimmed" size="xs">
            {k}:{' '}
          </Text>
          {val}
        </Text>
      ))}
    </Group>
  );
}

/**
 * /reports/cycle_bonus: the daily closing rows (plan 3.1) with carry, cycles, earned after the cap and
 * flushed; the summary's earned, waiting and paid are the CYCLE lines' (decision 021).
 */
export default function CycleBonusPage() {
  const { t } = useTranslation('reports');
  const l = useLabels();
  const v = useReportView();
  const list = useViewPage(v, cycleTransactions);
  const summary = useCycleSummary(v.range);
  const s = summary.data;
  // On a phone's compact row: the date, what was earned after the cap, and its state.
  const columns: ReportColumn<CycleRow>[] = [
    { key: 'date', title: t('col.date'), kind: 'date', value: (r) => r.date },
    { key: 'carry_in_left', title: t('col.carryInLeft'), kind: 'int', value: (r) => r.carry_in_left },
    { key: 'carry_in_right', title: t('col.carryInRight'), kind: 'int', value: (r) => r.carry_in_right },
    { key: 'new_left', title: t('col.newLeft'), kind: 'int', value: (r) => r.new_left },
    { key: 'new_right', title: t('col.newRight'), kind: 'int', value: (r) => r.new_right },
    { key: 'package_code', title: t('col.package'), kind: 'text', value: (r) => r.package_code },
    { key: 'cycle_value', title: t('col.cycleValue'), kind: 'int', value: (r) => r.cycle_value },
    {
      key: 'max_income_per_day',
      title: t('col.maxPerDay'),
      kind: 'money',
      value: (r) => r.max_income_per_day,
    },
    { key: 'income_percent', title: t('col.incomePercent'), kind: 'percent', value: (r) => r.income_percent },
    { key: 'cycles', title: t('col.cycles'), kind: 'int', value: (r) => r.cycles },
    { key: 'paid', title: t('col.paid'), kind: 'money', value: (r) => r.paid, compact: 'amount' },
    { key: 'flushed', title: t('col.flushed'), kind: 'money', value: (r) => r.flushed },
    { key: 'carry_out_left', title: t('col.carryOutLeft'), kind: 'int', value: (r) => r.carry_out_left },
    { key: 'carry_out_right', title: t('col.carryOutRight'), kind: 'int', value: (r) => r.carry_out_right },
    {
      key: 'income_state',
      title: t('col.state'),
      kind: 'text',
      value: (r) => l.state(r.income_state),
      compact: 'state',
      tone: (r) => stateTone(r.income_state),
    },
  ];
  return (
    <ReportFrame
      report="cycle_bonus"
      title={t('reports.cycle_bonus.title')}
      description={t('reports.cycle_bonus.description')}
      v={v}
      call={cycleTransactions}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      detail={(r) => <CycleDetailView date={r.id} />}
      summary={[
        { key: 'days', label: t('summary.days'), kind: 'int', value: s?.days ?? null },
        { key: 'cycles', label: t('summary.cycles'), kind: 'int', value: s?.cycles ?? null },
        { key: 'amount', label: t('summary.amount'), kind: 'money', value: s?.amount ?? null },
        { key: 'waiting', label: t('summary.waiting'), kind: 'money', value: s?.waiting ?? null },
        { key: 'paid', label: t('summary.paid'), kind: 'money', value: s?.paid ?? null },
        { key: 'flushed', label: t('summary.flushed'), kind: 'money', value: s?.flushed ?? null },
        {
          key: 'carry_out_left',
          label: t('summary.carryOutLeft'),
          kind: 'int',
          value: s?.carry_out_left ?? null,
        },
        {
          key: 'carry_out_right',
          label: t('summary.carryOutRight'),
          kind: 'int',
          value: s?.carry_out_right ?? null,
        },
      ]}
      summaryLoading={summary.isFetching}
      summaryNote={t('summary.cycleNote')}
    />
  );
}
