import { Paper, Table, Text, Title } from '@mantine/core';
import type { MtaRow } from '@portal/contracts/income-reports';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n/dates';
import { Cell } from './components/format';
import { useLang } from '../../lib/i18n/use-lang';
import { ReportFrame } from './components/report-frame';
import { useReportView, useViewPage } from './components/report-view';
import { useIncomeColumns, useIncomeSummary } from './income-pages';
import type { ReportColumn } from './model/columns';
import './reports-namespace';
import { useMtaSummary } from './api/mta-summary';
import { mtaTransactions } from './api/mta-transactions';

/** A month (YYYY-MM) in words, Buddhist-era year in Thai. */
const monthName = (month: string, lang: 'th' | 'en') =>
  formatDate(`${month}-01`, lang, 'long').replace(/^1 /, '');

/** /reports/mta_bonus: the monthly team bonus, by month and generation (plan 4.4). */
export default function MtaBonusPage() {
  const { t } = useTranslation('reports');
  const lang = useLang();
  const c = useIncomeColumns();
  const v = useReportView();
  const list = useViewPage(v, mtaTransactions);
  const summary = useMtaSummary(v.range);
  const months = summary.data?.months ?? [];
  const generations = [...new Set(months.flatMap((m) => m.generations.map((g) => g.generation)))].sort(
    (a, b) => a - b,
  );
  const columns: ReportColumn<MtaRow>[] = [
    { key: 'month', title: t('col.month'), kind: 'text', value: (r) => monthName(r.month, lang) },
    { key: 'generation', title: t('col.generation'), kind: 'int', value: (r) => r.generation },
    c.memberCode,
    c.memberName,
    c.orderNo,
    c.orderPv,
    c.amount,
    c.state,
  ];
  return (
    <ReportFrame
      report="mta_bonus"
      title={t('reports.mta_bonus.title')}
      description={t('reports.mta_bonus.description')}
      v={v}
      call={mtaTransactions}
      list={list}
      columns={columns}
      rowKey={(r) => r.id}
      summary={useIncomeSummary(summary.data)}
      summaryLoading={summary.isFetching}
      summaryNote={t('summary.incomeNote')}
    >
      {months.length > 0 && (
        <Paper withBorder radius="md" p="sm" data-testid="mta-months">
          <Title order={2} size="h5" mb="xs">
            {t('mta.byMonth')}
          </Title>
          <Table.ScrollContainer minWidth={360}>
            <Table striped withRowBorders={false}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('col.month')}</Table.Th>
                  {generations.map((g) => (
                    <Table.Th key={g} ta="right">
                      {t('mta.generation', { n: g })}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">{t('summary.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {months.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {monthName(m.month, lang)}
                      </Text>
                    </Table.Td>
                    {generations.map((g) => (
                      <Table.Td key={g} ta="right">
                        <Cell
                          kind="money"
                          value={m.generations.find((x) => x.generation === g)?.amount ?? null}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td ta="right">
                      <Cell kind="money" value={m.amount} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </ReportFrame>
  );
}
