import { Accordion, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MonthlyStatement } from '@portal/contracts/statements';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { useMonthlyStatement } from './api';
import { RecordTable } from '../../components/record-table';
import { Money } from '../../components/ui/money';
import { useFormat } from '../../lib/i18n/use-format';
import './statements-namespace';
import { Figure, IncomeTable, PayoutTable } from './statement-parts';

type MonthPayout = MonthlyStatement['payouts'][number];
type EarlierLine = MonthPayout['earlier_lines'][number];

/**
 * Why the month's transfer differs from its income (decision 021): earned by income date, plus the
 * earlier months' income the month's runs paid, less this month's income paid later or still
 * waiting, is what the runs paid out; less WHT, point part and fee, what reached the bank.
 */
function Reconciliation({ m }: { m: MonthlyStatement }) {
  const { t } = useTranslation('statements');
  const f = useFormat();
  const r = m.reconciliation;
  const neg = (v: string) => (v.startsWith('-') ? v.slice(1) : v === '0.00' ? v : `-${v}`);
  const rows: [string, string, string, boolean?][] = [
    ['income', t('reconcile.income', { month: f.month(m.month) }), r.income],
    ['earlier', t('reconcile.earlier'), r.earlier_paid],
    ['paid-later', t('reconcile.paidLater'), neg(r.paid_later)],
    ['still-waiting', t('reconcile.stillWaiting'), neg(r.still_waiting)],
    ['gross', t('reconcile.grossPaid'), r.gross_paid, true],
    ['wht', t('reconcile.wht'), neg(m.totals.wht)],
    ['point-part', t('reconcile.pointPart'), neg(m.totals.point_part)],
    ['fee', t('reconcile.fee'), neg(m.totals.fee)],
    ['net', t('reconcile.net'), m.totals.net, true],
  ];
  return (
    <Card withBorder radius="md" data-testid="month-reconciliation">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('reconcile.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('reconcile.help')}
        </Text>
        {rows.map(([key, label, value, sum]) => (
          <Group
            key={key}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            align="flex-start"
            pt={sum ? 4 : 0}
            style={sum ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Text size="sm" fw={sum ? 700 : undefined} style={{ minWidth: 0 }}>
              {label}
            </Text>
            <Money value={value} fw={sum ? 700 : undefined} data-testid={`reconcile-${key}`} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * Each run of the month that paid income of earlier months: those lines, one by one, folded under
 * the run (a month of MTA lines is long); the fold names how many and their total.
 */
function EarlierLines({ payouts }: { payouts: MonthPayout[] }) {
  const { t } = useTranslation('statements');
  const f = useFormat();
  const runs = payouts.filter((p) => p.earlier_lines.length > 0);
  if (runs.length === 0) return null;
  return (
    <Accordion variant="separated" radius="md" multiple data-testid="earlier-lines">
      {runs.map((p) => (
        <Accordion.Item key={p.run_date} value={p.run_date}>
          <Accordion.Control data-testid="earlier-run">
            <Text fw={600} size="sm">
              {t('reconcile.earlierTitle', { date: f.longDay(p.run_date) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('reconcile.earlierCount', {
                count: f.count(p.earlier_lines.length),
                amount: f.money(p.earlier),
              })}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <RecordTable<EarlierLine>
              phoneCards={false}
              records={p.earlier_lines}
              idAccessor="id"
              columns={[
                {
                  accessor: 'income_date',
                  title: t('reconcile.incomeDate'),
                  render: (l) => f.day(l.income_date),
                },
                { accessor: 'type', title: t('statements.type'), render: (l) => t(`incomeTypes.${l.type}`) },
                {
                  accessor: 'amount',
                  title: t('statements.amount'),
                  textAlign: 'right',
                  render: (l) => <Money value={l.amount} />,
                  footer: <Money value={p.earlier} fw={700} />,
                },
              ]}
            />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

export function MonthView({ month }: { month: string }) {
  const { t } = useTranslation('statements');
  const f = useFormat();
  const s = useMonthlyStatement(month);
  if (s.isPending) return <PageLoader />;
  if (s.isError) return <ErrorAlert error={s.error} onRetry={() => void s.refetch()} />;
  const m = s.data;
  const part = (key: 'of_month' | 'earlier', title: string) => ({
    accessor: key,
    title,
    textAlign: 'right' as const,
    render: (r: MonthPayout) => <Money value={r[key]} />,
  });
  return (
    <Stack gap="lg" data-testid="month-statement">
      <Title order={2} size="h3">
        {t('statements.monthTitle', { month: f.month(m.month) })}
      </Title>
      <Card withBorder radius="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label={t('statements.incomeTotal')} value={m.income_total} />
          <Figure label={t('statements.grossPaid')} value={m.totals.gross} />
          <Figure label={t('statements.wht')} value={m.totals.wht} testId="month-wht" />
          <Figure label={t('statements.netPaid')} value={m.totals.net} />
        </SimpleGrid>
      </Card>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('statements.byType')}
        </Title>
        <IncomeTable income={m.income} total={m.income_total} />
        <Text size="sm" c="dimmed">
          {t('statements.waitingAtEnd')}: <Money value={m.waiting_at_end} />
        </Text>
      </Stack>
      <Reconciliation m={m} />
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('statements.payouts')}
        </Title>
        <PayoutTable<MonthPayout>
          payouts={m.payouts}
          noneText={t('statements.noPayouts')}
          split={[part('of_month', t('reconcile.ofMonth')), part('earlier', t('reconcile.ofEarlier'))]}
        />
        <EarlierLines payouts={m.payouts} />
      </Stack>
    </Stack>
  );
}
