import { Badge, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconSearch } from '@tabler/icons-react';
import { groupAccountNo } from '@portal/contracts/banks';
import type { PayoutDetail, PayoutHeld, PayoutPaid } from '@portal/contracts/engine';
import { DEFAULT_PER_PAGE } from '@portal/contracts/paging';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { bankNameOfCode } from '../../lib/banks';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { downloadPayoutFile, usePayoutMembers, usePayoutRun, type PayoutFile } from './api/payouts';
import { Money } from '../../components/ui/money';
import { useFormat } from '../../lib/i18n/use-format';
import { useRunText } from './components/bits';
import { RecordTable } from '../../components/record-table';
import './engine-namespace';

const REASON_COLORS = {
  NOT_PAYABLE: 'orange',
  NO_BANK_ACCOUNT: 'red',
  NOTHING_TO_PAY: 'gray',
  BELOW_MINIMUM: 'yellow',
} as const;

function Totals({ run }: { run: PayoutDetail }) {
  const { t } = useTranslation('engine');
  const f = useFormat();
  const cells: [string, React.ReactNode, string][] = [
    [t('payouts.paidMembers'), f.count(run.paid_members), 'paid_members'],
    [t('payouts.gross'), <Money key="g" value={run.gross} size="md" fw={600} />, 'gross'],
    [t('payouts.wht'), <Money key="w" value={run.wht} size="md" fw={600} />, 'wht'],
    [t('payouts.pointPart'), <Money key="p" value={run.point_part} size="md" fw={600} />, 'point_part'],
    [t('payouts.fee'), <Money key="f" value={run.fee} size="md" fw={600} />, 'fee'],
    [t('payouts.net'), <Money key="n" value={run.net} size="md" fw={700} c="teal.8" />, 'net'],
    [t('payouts.heldMembers'), f.count(run.held_members), 'held_members'],
    [t('payouts.heldGross'), <Money key="h" value={run.held_gross} size="md" fw={600} />, 'held_gross'],
  ];
  return (
    <Paper withBorder p="md" radius="lg" data-testid="payout-totals">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {cells.map(([label, value, key]) => (
          <Stack gap={0} key={key} data-key={key}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600} component="div">
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function PaidTable({ date }: { date: string }) {
  const { t } = useTranslation('engine');
  const f = useFormat();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const paid = usePayoutMembers(date, 'paid', page, q);
  const bankName = (code: string | null) => (code ? bankNameOfCode(code, f.lang) : '–');
  return (
    <Stack gap="sm">
      <SearchBox value={search} onChange={setSearch} onSubmit={() => (setQ(search.trim()), setPage(1))} />
      {paid.isError ? (
        <ErrorAlert error={paid.error} onRetry={() => void paid.refetch()} />
      ) : (
        <RecordTable<PayoutPaid>
          data-testid="payout-paid"
          // Narrowed to what fits a phone (visibleMediaQuery), it stays a table there.
          phoneCards={false}
          idAccessor="member_id"
          records={paid.data?.items ?? []}
          fetching={paid.isPending}
          totalRecords={paid.data?.pagination.total ?? 0}
          recordsPerPage={DEFAULT_PER_PAGE}
          page={page}
          onPageChange={setPage}
          columns={[
            {
              accessor: 'member_code',
              title: t('payouts.member'),
              render: (r) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {r.member_code}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {r.name}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'gross',
              title: t('payouts.gross'),
              textAlign: 'right',
              render: (r) => <Money value={r.gross} />,
            },
            {
              accessor: 'wht',
              title: t('payouts.wht'),
              textAlign: 'right',
              // On a phone the member, gross and net fit; the deductions are in the CSV files.
              visibleMediaQuery: '(min-width: 36em)',
              render: (r) => <Money value={r.wht} />,
            },
            {
              accessor: 'point_part',
              title: t('payouts.pointPart'),
              textAlign: 'right',
              visibleMediaQuery: '(min-width: 48em)',
              render: (r) => <Money value={r.point_part} />,
            },
            {
              accessor: 'net',
              title: t('payouts.net'),
              textAlign: 'right',
              render: (r) => <Money value={r.net} fw={600} />,
            },
            {
              accessor: 'bank_code',
              title: t('payouts.bank'),
              visibleMediaQuery: '(min-width: 36em)',
              render: (r) => (
                <Stack gap={0}>
                  <Text size="sm">{bankName(r.bank_code)}</Text>
                  <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {r.account_no ? groupAccountNo(r.account_no) : t('payouts.noBank')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {r.account_name ?? ''}
                  </Text>
                </Stack>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

function HeldTable({ date }: { date: string }) {
  const { t } = useTranslation('engine');
  const [page, setPage] = useState(1);
  const held = usePayoutMembers(date, 'held', page, '');
  return held.isError ? (
    <ErrorAlert error={held.error} onRetry={() => void held.refetch()} />
  ) : (
    <RecordTable<PayoutHeld>
      data-testid="payout-held"
      phoneCards={false}
      idAccessor="member_id"
      records={held.data?.items ?? []}
      fetching={held.isPending}
      totalRecords={held.data?.pagination.total ?? 0}
      recordsPerPage={DEFAULT_PER_PAGE}
      page={page}
      onPageChange={setPage}
      columns={[
        { accessor: 'member_code', title: t('payouts.member') },
        { accessor: 'name', title: t('payouts.name'), visibleMediaQuery: '(min-width: 36em)' },
        {
          accessor: 'gross',
          title: t('payouts.gross'),
          textAlign: 'right',
          render: (r) => <Money value={r.gross} />,
        },
        {
          accessor: 'reason',
          title: t('payouts.reason'),
          render: (r) => (
            <Stack gap={2}>
              <Badge color={REASON_COLORS[r.reason]} variant="light" data-reason={r.reason}>
                {t(`holdReasons.${r.reason}.label`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t(`holdReasons.${r.reason}.why`)}
              </Text>
            </Stack>
          ),
        },
      ]}
    />
  );
}

function SearchBox({
  value,
  onChange,
  onSubmit,
}: {
  value: string;
  onChange: (v: string) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('engine');
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Group gap="sm" align="flex-end">
        <TextInput
          style={{ flex: 1, maxWidth: 360 }}
          aria-label={t('payouts.search')}
          placeholder={t('payouts.search')}
          leftSection={<IconSearch size={16} />}
          data-testid="payout-paid-search"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
        <Button type="submit" variant="light">
          {t('payouts.searchButton')}
        </Button>
      </Group>
    </form>
  );
}

/** /staff/payouts/:date: one payout run, its members paid and held back, and its files. */
export default function PayoutPage() {
  const { t } = useTranslation('engine');
  const f = useFormat();
  const rt = useRunText();
  const date = useParams().date ?? '';
  const run = usePayoutRun(date);
  const [downloading, setDownloading] = useState<PayoutFile | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  useDocumentTitle(t('payout.title', { date: f.day(date) }));

  const download = async (file: PayoutFile) => {
    setDownloading(file);
    setDownloadError(null);
    try {
      await downloadPayoutFile(date, file);
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Stack gap="lg">
      <Group>
        <Button
          component={Link}
          to={paths.staffPayouts.href()}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('payout.back')}
        </Button>
      </Group>
      {run.isPending ? (
        <PageLoader />
      ) : run.isError ? (
        <ErrorAlert error={run.error} onRetry={() => void run.refetch()} />
      ) : (
        <>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Title order={1} size="h2" data-testid="payout-title">
                {t('payout.title', { date: f.longDay(run.data.run_date) })}
              </Title>
              <Text size="sm" c="dimmed">
                {t('payout.subtitle', {
                  plan:
                    run.data.plan_version === 0
                      ? t('plan.builtIn')
                      : t('run.version', { version: run.data.plan_version }),
                  name: rt.starter(run.data),
                })}
              </Text>
            </Stack>
            <Group gap="sm">
              <Button
                leftSection={<IconDownload size={16} />}
                loading={downloading === 'transfer'}
                onClick={() => void download('transfer')}
                data-testid="payout-download-transfer"
              >
                {t('payout.transferFile')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                loading={downloading === 'wht'}
                onClick={() => void download('wht')}
                data-testid="payout-download-wht"
              >
                {t('payout.whtFile')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                loading={downloading === 'held'}
                onClick={() => void download('held')}
                data-testid="payout-download-held"
              >
                {t('payout.heldFile')}
              </Button>
            </Group>
          </Group>
          {downloadError !== null && <ErrorAlert error={downloadError} />}
          <Totals run={run.data} />
          <Group gap="xs">
            {(['NOT_PAYABLE', 'NO_BANK_ACCOUNT', 'BELOW_MINIMUM', 'NOTHING_TO_PAY'] as const).map(
              (reason) => (
                <Badge
                  key={reason}
                  color={REASON_COLORS[reason]}
                  variant="outline"
                  data-testid="payout-reason-count"
                  data-reason={reason}
                >
                  {t(`holdReasons.${reason}.label`)}: {f.count(run.data.held_by_reason[reason])}
                </Badge>
              ),
            )}
          </Group>
          <Tabs defaultValue="paid" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="paid" data-testid="payout-tab-paid">
                {t('payout.paidTab', { count: run.data.paid_members })}
              </Tabs.Tab>
              <Tabs.Tab value="held" data-testid="payout-tab-held">
                {t('payout.heldTab', { count: run.data.held_members })}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="paid" pt="md">
              <PaidTable date={date} />
            </Tabs.Panel>
            <Tabs.Panel value="held" pt="md">
              <HeldTable date={date} />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}
