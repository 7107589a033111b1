import type { LvpRow, PointRow } from '@portal/contracts/reports';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n/use-lang';
import { useLabels } from './components/labels';
import { ReportFrame, type SummaryItem } from './components/report-frame';
import { useReportView, useViewPage } from './components/report-view';
import type { ColumnKind, ReportColumn } from './model/columns';
import './reports-namespace';
import { lvpLines } from './api/lvp-lines';
import { remarkText } from './model/remark-text';
import { pointLines } from './api/point-lines';

function useBalanceSummary(
  s:
    | {
        opening_balance: string | number;
        increase: string | number;
        decrease: string | number;
        closing_balance: string | number;
      }
    | undefined,
  kind: ColumnKind,
): SummaryItem[] {
  const { t } = useTranslation('reports');
  return [
    { key: 'opening', label: t('summary.opening'), kind, value: s?.opening_balance ?? null },
    { key: 'increase', label: t('summary.increase'), kind, value: s?.increase ?? null },
    { key: 'decrease', label: t('summary.decrease'), kind, value: s?.decrease ?? null },
    { key: 'closing', label: t('summary.closing'), kind, value: s?.closing_balance ?? null },
  ];
}

/** /reports/point_lvp: LVP rows, INCREASE, DECREASE or OTHER, with remark and the balance after each. */
export function PointLvpPage() {
  const { t } = useTranslation('reports');
  const l = useLabels();
  const lang = useLang();
  const v = useReportView();
  const list = useViewPage(v, lvpLines);
  const columns: ReportColumn<LvpRow>[] = [
    { key: 'date', title: t('col.date'), kind: 'date', value: (r) => r.date },
    { key: 'type', title: t('col.type'), kind: 'text', value: (r) => l.lvpType(r.type), compact: 'state' },
    { key: 'points', title: t('col.lvp'), kind: 'int', value: (r) => r.points, compact: 'amount' },
    { key: 'remark', title: t('col.remark'), kind: 'text', value: (r) => remarkText(t, lang, r), wrap: true },
    { key: 'order_no', title: t('col.orderNo'), kind: 'text', value: (r) => r.order_no },
    { key: 'balance', title: t('col.balance'), kind: 'int', value: (r) => r.balance },
  ];
  return (
    <ReportFrame
      report="point_lvp"
      title={t('reports.point_lvp.title')}
      description={t('reports.point_lvp.description')}
      v={v}
      call={lvpLines}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      summary={useBalanceSummary(list.data?.summary, 'int')}
    />
  );
}

/** /reports/use_point_balance: the point balance (plan 5.2): earned from cycles, used, refunded. */
export function UsePointBalancePage() {
  const { t } = useTranslation('reports');
  const l = useLabels();
  const lang = useLang();
  const v = useReportView();
  const list = useViewPage(v, pointLines);
  const columns: ReportColumn<PointRow>[] = [
    { key: 'date', title: t('col.date'), kind: 'date', value: (r) => r.date },
    { key: 'kind', title: t('col.type'), kind: 'text', value: (r) => l.pointKind(r.kind), compact: 'state' },
    { key: 'points', title: t('col.points'), kind: 'money', value: (r) => r.points, compact: 'amount' },
    { key: 'remark', title: t('col.remark'), kind: 'text', value: (r) => remarkText(t, lang, r), wrap: true },
    { key: 'order_no', title: t('col.orderNo'), kind: 'text', value: (r) => r.order_no },
    { key: 'balance', title: t('col.balance'), kind: 'money', value: (r) => r.balance },
  ];
  return (
    <ReportFrame
      report="use_point_balance"
      title={t('reports.use_point_balance.title')}
      description={t('reports.use_point_balance.description')}
      v={v}
      call={pointLines}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      summary={useBalanceSummary(list.data?.summary, 'money')}
    />
  );
}
