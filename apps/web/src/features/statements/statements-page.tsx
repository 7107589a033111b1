import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StatementPeriods, YearlyStatement } from '@portal/contracts/statements';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { useDescribeError } from '../../lib/i18n/messages';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { downloadWhtCertificate, useStatementPeriods, useYearlyStatement } from './api';
import { RecordTable } from '../../components/record-table';
import { Money } from '../../components/ui/money';
import { useFormat } from '../../lib/i18n/use-format';
import './statements-namespace';
import { MonthView } from './month-view';
import { Figure, IncomeTable, PayoutTable } from './statement-parts';

function BackLink() {
  const { t } = useTranslation('statements');
  return (
    <Anchor component={Link} to={paths.statements.href()} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('statements.back')}
      </Group>
    </Anchor>
  );
}

function DownloadButton({ year, memberCode }: { year: number; memberCode: string }) {
  const { t } = useTranslation('statements');
  const describe = useDescribeError();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <Stack gap={4} align="flex-start">
      <Button
        leftSection={<IconDownload size={16} />}
        loading={busy}
        data-testid={`wht-download-${year}`}
        onClick={() => {
          setBusy(true);
          setError(null);
          downloadWhtCertificate(year, memberCode)
            .catch(setError)
            .finally(() => setBusy(false));
        }}
      >
        {t('statements.download')}
      </Button>
      {error !== null && (
        <Text size="sm" c="red.8" role="alert">
          {t('statements.downloadFailed', { error: describe(error) })}
        </Text>
      )}
    </Stack>
  );
}

function Party({
  title,
  name,
  taxId,
  address,
  extra,
}: {
  title: string;
  name: string;
  taxId: string | null;
  address: string | null;
  extra?: string;
}) {
  const { t } = useTranslation('statements');
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Text fw={600}>{name}</Text>
      <Text size="sm">
        {t('statements.taxId')}: {taxId ?? '–'}
      </Text>
      {extra && <Text size="sm">{extra}</Text>}
      {address && (
        <Text size="sm" c="dimmed">
          {address}
        </Text>
      )}
    </Card>
  );
}

function YearView({ year }: { year: number }) {
  const { t } = useTranslation('statements');
  const f = useFormat();
  const s = useYearlyStatement(year);
  if (s.isPending) return <PageLoader />;
  if (s.isError) return <ErrorAlert error={s.error} onRetry={() => void s.refetch()} />;
  const y: YearlyStatement = s.data;
  return (
    <Stack gap="lg" data-testid="year-statement">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {t('statements.yearTitle', { year: f.year(y.year) })}
          </Title>
          <Text size="sm" c="dimmed">
            {y.closed ? t('statements.yearClosed') : t('statements.yearOpen', { date: f.longDay(y.date_to) })}
          </Text>
        </Stack>
      </Group>
      <Card withBorder radius="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label={t('statements.incomeTotal')} value={y.income_total} />
          <Figure label={t('statements.grossPaid')} value={y.totals.gross} testId="year-gross" />
          <Figure label={t('statements.wht')} value={y.totals.wht} testId="year-wht" />
          <Figure label={t('statements.netPaid')} value={y.totals.net} />
        </SimpleGrid>
      </Card>
      <Card withBorder radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {t('statements.certificate')}
          </Title>
          <Text size="sm">{t('statements.incomeSection', { section: y.income_section })}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Party
              title={t('statements.payer')}
              name={y.payer.name}
              taxId={y.payer.tax_id}
              address={y.payer.address}
            />
            <Party
              title={t('statements.payee')}
              name={y.payee.name}
              taxId={y.payee.tax_id}
              address={y.payee.address}
              extra={t('statements.memberCode', { code: y.payee.member_code })}
            />
          </SimpleGrid>
          <DownloadButton year={y.year} memberCode={y.payee.member_code} />
        </Stack>
      </Card>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('statements.byType')}
        </Title>
        <IncomeTable income={y.income} total={y.income_total} />
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('statements.payouts')}
        </Title>
        <PayoutTable payouts={y.payouts} noneText={t('statements.noPayouts')} />
      </Stack>
    </Stack>
  );
}

function Periods({ periods }: { periods: StatementPeriods }) {
  const { t } = useTranslation('statements');
  const f = useFormat();
  type MonthRow = StatementPeriods['months'][number];
  return (
    <Stack gap="lg">
      {periods.closed_through && (
        <Text size="sm" c="dimmed" data-testid="closed-through">
          {t('statements.closedThrough', { date: f.longDay(periods.closed_through) })}
        </Text>
      )}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('statements.years')}
        </Title>
        {periods.years.length === 0 ? (
          <Alert color="gray">{t('statements.noMonths')}</Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {periods.years.map((y) => (
              <Card key={y.year} withBorder radius="md" data-testid="statement-year" data-year={y.year}>
                <Group justify="space-between" mb="xs">
                  <Text fw={700} size="lg">
                    {f.year(y.year)}
                  </Text>
                  {!y.closed && <Badge variant="light">{t('statements.yearNotEnded')}</Badge>}
                </Group>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {t('statements.grossPaid')}
                  </Text>
                  <Money value={y.gross_paid} />
                </Group>
                <Group justify="space-between" mb="sm">
                  <Text size="sm" c="dimmed">
                    {t('statements.wht')}
                  </Text>
                  <Money value={y.wht} />
                </Group>
                <Button
                  component={Link}
                  to={paths.statements.href({ year: y.year })}
                  variant="light"
                  size="xs"
                >
                  {t('statements.open')}
                </Button>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('statements.months')}
        </Title>
        <RecordTable<MonthRow>
          data-testid="statement-months"
          records={periods.months}
          idAccessor="month"
          noRecordsText={t('statements.noMonths')}
          recordAttributes={(r) => ({ 'data-testid': 'statement-month', 'data-month': r.month })}
          cardTitle={(r) => f.month(r.month)}
          columns={[
            { accessor: 'month', title: t('statements.month'), render: (r) => f.month(r.month) },
            {
              accessor: 'income',
              title: t('statements.income'),
              textAlign: 'right',
              render: (r) => <Money value={r.income} />,
            },
            {
              accessor: 'wht',
              title: t('statements.wht'),
              textAlign: 'right',
              render: (r) => <Money value={r.wht} />,
            },
            {
              accessor: 'net_paid',
              title: t('statements.netPaid'),
              textAlign: 'right',
              render: (r) => <Money value={r.net_paid} />,
            },
            {
              accessor: 'actions',
              title: '',
              card: 'actions',
              textAlign: 'right',
              render: (r) => (
                <Button
                  component={Link}
                  to={paths.statements.href({ month: r.month })}
                  size="xs"
                  variant="light"
                  data-testid="statement-month-open"
                >
                  {t('statements.open')}
                </Button>
              ),
            },
          ]}
        />
      </Stack>
    </Stack>
  );
}

/** /reportsold: statements of closed periods (?month=YYYY-MM or ?year=YYYY opens one). */
export default function StatementsPage() {
  const { t } = useTranslation('statements');
  useDocumentTitle(t('statements.title'));
  const [params] = useSearchParams();
  const month = /^\d{4}-\d{2}$/.test(params.get('month') ?? '') ? params.get('month') : null;
  const year = /^\d{4}$/.test(params.get('year') ?? '') ? Number(params.get('year')) : null;
  const periods = useStatementPeriods();
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('statements.title')}
        </Title>
        <Text c="dimmed">{t('statements.subtitle')}</Text>
      </Stack>
      {month || year ? (
        <>
          <BackLink />
          {month ? <MonthView month={month} /> : <YearView year={year!} />}
        </>
      ) : periods.isPending ? (
        <PageLoader />
      ) : periods.isError ? (
        <ErrorAlert error={periods.error} onRetry={() => void periods.refetch()} />
      ) : (
        <Periods periods={periods.data} />
      )}
    </Stack>
  );
}
