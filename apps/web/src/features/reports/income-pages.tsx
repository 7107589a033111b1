import type {
  CashbackRow,
  DropshipRow,
  IncomeTypeSummary,
  ReferrerRow,
} from '@portal/contracts/income-reports';
import { useTranslation } from 'react-i18next';
import { stateTone, useLabels } from './components/labels';
import { ReportFrame, type SummaryItem } from './components/report-frame';
import { useReportView, useViewPage } from './components/report-view';
import type { CellValue, ColumnKind, ReportColumn } from './model/columns';
import './reports-namespace';
import { useSession } from '../../lib/auth/use-session';
import { StaffDropship } from './staff-dropship';
import { cashbackLines } from './api/cashback-lines';
import { useCashbackSummary } from './api/cashback-summary';
import { dropshipLines } from './api/dropship-lines';
import { useDropshipSummary } from './api/dropship-summary';
import { useReferrerSummary } from './api/referrer-summary';
import { referrerTransactions } from './api/referrer-transactions';

/** The totals every income report shares (lines that are not VOID, waiting, paid, voided). */
export function useIncomeSummary(s: IncomeTypeSummary | undefined): SummaryItem[] {
  const { t } = useTranslation('reports');
  return [
    { key: 'lines', label: t('summary.lines'), kind: 'int', value: s?.lines ?? null },
    { key: 'amount', label: t('summary.amount'), kind: 'money', value: s?.amount ?? null },
    { key: 'waiting', label: t('summary.waiting'), kind: 'money', value: s?.waiting ?? null },
    { key: 'paid', label: t('summary.paid'), kind: 'money', value: s?.paid ?? null },
    { key: 'void', label: t('summary.void'), kind: 'money', value: s?.void ?? null },
  ];
}

/** A column that shows a row's own field as it is. */
const field = <K extends string>(
  key: K,
  title: string,
  kind: ColumnKind,
): ReportColumn<Record<K, CellValue>> => ({
  key,
  title,
  kind,
  value: (r) => r[key],
});

/**
 * The columns the income reports share, by the field they show: the same title, kind and cell in
 * each report. A report lists them among its own columns. On a phone's compact row an income line
 * shows its date (the first column), its amount and its state.
 */
export function useIncomeColumns() {
  const { t } = useTranslation('reports');
  const l = useLabels();
  const state: ReportColumn<{ state: string }> = {
    key: 'state',
    title: t('col.state'),
    kind: 'text',
    value: (r) => l.state(r.state),
    compact: 'state',
    tone: (r) => stateTone(r.state),
  };
  return {
    incomeDate: field('income_date', t('col.incomeDate'), 'date'),
    memberCode: field('member_code', t('col.memberCode'), 'text'),
    memberName: { ...field('member_name', t('col.memberName'), 'text'), wrap: true },
    orderNo: field('order_no', t('col.orderNo'), 'text'),
    orderPv: field('order_pv', t('col.orderPv'), 'int'),
    amount: { ...field('amount', t('col.amount'), 'money'), compact: 'amount' as const },
    state,
  };
}

/** /reports/referrer_bonus: a line per package or upgrade bought by someone I referred (plan 4.1). */
export function ReferrerBonusPage() {
  const { t } = useTranslation('reports');
  const l = useLabels();
  const c = useIncomeColumns();
  const v = useReportView();
  const list = useViewPage(v, referrerTransactions);
  const summary = useReferrerSummary(v.range);
  const columns: ReportColumn<ReferrerRow>[] = [
    c.incomeDate,
    c.memberCode,
    c.memberName,
    c.orderNo,
    { key: 'order_type', title: t('col.orderType'), kind: 'text', value: (r) => l.orderType(r.order_type) },
    { key: 'package_code', title: t('col.package'), kind: 'text', value: (r) => r.package_code },
    c.orderPv,
    c.amount,
    c.state,
  ];
  return (
    <ReportFrame
      report="referrer_bonus"
      title={t('reports.referrer_bonus.title')}
      description={t('reports.referrer_bonus.description')}
      v={v}
      call={referrerTransactions}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      summary={useIncomeSummary(summary.data)}
      summaryLoading={summary.isFetching}
      summaryNote={t('summary.incomeNote')}
    />
  );
}

/** /reports/cashback_bonus: my cashback on my own repurchases (plan 4.3). */
export function CashbackBonusPage() {
  const { t } = useTranslation('reports');
  const c = useIncomeColumns();
  const v = useReportView();
  const list = useViewPage(v, cashbackLines);
  const summary = useCashbackSummary(v.range);
  const columns: ReportColumn<CashbackRow>[] = [c.incomeDate, c.orderNo, c.orderPv, c.amount, c.state];
  return (
    <ReportFrame
      report="cashback_bonus"
      title={t('reports.cashback_bonus.title')}
      description={t('reports.cashback_bonus.description')}
      v={v}
      call={cashbackLines}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      summary={useIncomeSummary(summary.data)}
      summaryLoading={summary.isFetching}
      summaryNote={t('summary.incomeNote')}
    />
  );
}

/** /reports/dropship: my community-shop (dropship) income, a line per product sold (plan 4.6). */
export function DropshipPage() {
  const { user } = useSession();
  // Staff have no member record: theirs is every member's rows (the specification's admin view).
  return user && !user.member ? <StaffDropship /> : <MemberDropship />;
}

function MemberDropship() {
  const { t } = useTranslation('reports');
  const c = useIncomeColumns();
  const v = useReportView();
  const list = useViewPage(v, dropshipLines);
  const summary = useDropshipSummary(v.range);
  const s = summary.data;
  const columns: ReportColumn<DropshipRow>[] = [
    c.incomeDate,
    c.orderNo,
    { key: 'product_code', title: t('col.productCode'), kind: 'text', value: (r) => r.product_code },
    {
      key: 'product_name',
      title: t('col.productName'),
      kind: 'text',
      value: (r) => r.product_name,
      wrap: true,
    },
    { key: 'quantity', title: t('col.quantity'), kind: 'int', value: (r) => r.quantity },
    { key: 'selling_price', title: t('col.sellingPrice'), kind: 'money', value: (r) => r.selling_price },
    { key: 'member_price', title: t('col.memberPrice'), kind: 'money', value: (r) => r.member_price },
    { key: 'grand_total', title: t('col.grandTotal'), kind: 'money', value: (r) => r.grand_total },
    { key: 'amount', title: t('col.compensation'), kind: 'money', value: (r) => r.amount, compact: 'amount' },
    c.state,
  ];
  const common = useIncomeSummary(s);
  return (
    <ReportFrame
      report="dropship"
      title={t('reports.dropship.title')}
      description={t('reports.dropship.description')}
      v={v}
      call={dropshipLines}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      summary={[
        { key: 'quantity', label: t('summary.quantity'), kind: 'int', value: s?.quantity ?? null },
        { key: 'grand_total', label: t('summary.grandTotal'), kind: 'money', value: s?.grand_total ?? null },
        ...common.filter((c) => c.key !== 'lines'),
      ]}
      summaryLoading={summary.isFetching}
      summaryNote={t('summary.incomeNote')}
    />
  );
}
