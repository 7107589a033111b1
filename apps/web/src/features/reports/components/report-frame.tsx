import 'mantine-datatable/styles.css';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileSpreadsheet, IconFileTypeCsv, IconInfoCircle, IconPrinter } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import { DataTable } from 'mantine-datatable';
import { useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RangePicker } from '../../../components/range-picker';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLinks } from '../../../components/ui/page-links';
import { useDescribeError } from '../../../lib/i18n/messages';
import { formatDate } from '../../../lib/i18n/dates';
import { formatCount } from '../../../lib/i18n/numbers';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { ReportQuery } from '../api/call';
import type { CellValue, ColumnKind, ReportColumn } from '../model/columns';
import { buildCsv, exportFileName } from '../model/csv';
import { saveFile } from '../model/download';
import { RANGE_PRESETS, presetRange, type EmptyReason } from '../model/query';
import '../reports-namespace';
import { CompactRows } from './compact-rows';
import { Cell, formatCell, isNumeric } from './format';
import { useLang } from '../../../lib/i18n/use-lang';
import type { ReportViewState } from './report-view';
import classes from './report.module.css';

export interface SummaryItem {
  key: string;
  label: string;
  kind: ColumnKind;
  value: CellValue;
}

/** The summary row: the range's totals as small figures. */
export function SummaryRow({ items, loading }: { items: SummaryItem[]; loading?: boolean }) {
  const lang = useLang();
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, md: Math.min(6, Math.max(3, items.length)) }}
      spacing="sm"
      data-testid="report-summary"
    >
      {items.map((item) => (
        <Paper key={item.key} withBorder p="sm" radius="md" data-testid={`summary-${item.key}`}>
          <Text size="xs" c="dimmed" lh={1.4}>
            {item.label}
          </Text>
          <Text
            fw={700}
            size="lg"
            style={{ fontVariantNumeric: 'tabular-nums' }}
            c={loading ? 'dimmed' : undefined}
          >
            {formatCell(item.kind, item.value, lang)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Why the list is empty: nothing in this range, or nothing at all yet. */
export function EmptyState({ reason }: { reason: EmptyReason | null }) {
  const { t } = useTranslation('reports');
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconInfoCircle size={18} />}
      data-testid="report-empty"
      data-reason={reason ?? 'loading'}
    >
      {reason === 'never' ? t('empty.never') : t('empty.range')}
    </Alert>
  );
}

/** Export of the whole range (every page) to CSV or XLSX, with the columns on screen. */
function ExportButtons<T>({
  report,
  title,
  call,
  query,
  columns,
  view,
  disabled,
}: {
  report: string;
  title: string;
  call: ListCall<T>;
  query: ReportQuery;
  columns: ReportColumn<T>[];
  view: { from: string; to: string };
  disabled: boolean;
}) {
  const { t } = useTranslation('reports');
  const describe = useDescribeError();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (kind: 'csv' | 'xlsx') => {
    setBusy(kind);
    setError(null);
    try {
      const rows = await call.fetchAll(query);
      const name = exportFileName(report, view.from, view.to, kind);
      if (kind === 'csv')
        saveFile(new Blob([buildCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), name);
      else {
        const { buildXlsx } = await import('../model/xlsx');
        saveFile(await buildXlsx(title, columns, rows), name);
      }
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={4} data-noprint>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconFileTypeCsv size={16} />}
          loading={busy === 'csv'}
          disabled={disabled || busy !== null}
          onClick={() => void run('csv')}
          data-testid="export-csv"
        >
          {t('export.csv')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          loading={busy === 'xlsx'}
          disabled={disabled || busy !== null}
          onClick={() => void run('xlsx')}
          data-testid="export-xlsx"
        >
          {t('export.xlsx')}
        </Button>
        <Button
          variant="subtle"
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          data-testid="print"
        >
          {t('export.print')}
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** A report page's head: title, what it shows, and the range in words (also on paper). */
export function ReportHeader({
  title,
  description,
  view,
}: {
  title: string;
  description: string;
  view?: { from: string; to: string };
}) {
  const { t } = useTranslation('reports');
  const lang = useLang();
  useDocumentTitle(title);
  return (
    <Stack gap={2}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">{description}</Text>
      {view && (
        <Text size="sm" data-testid="report-range-text">
          {t('range.showing', {
            from: formatDate(view.from, lang, 'long'),
            to: formatDate(view.to, lang, 'long'),
          })}
        </Text>
      )}
    </Stack>
  );
}

/** What the frame needs of a report's list call: every row of a range, and a page of any query. */
export interface ListCall<T> {
  fetchAll: (query: ReportQuery) => Promise<T[]>;
  use: (query: ReportQuery, enabled?: boolean) => UseQueryResult<Page<T>>;
}

export interface ReportFrameProps<T> {
  report: string;
  title: string;
  description: string;
  v: ReportViewState;
  /** The report's list call (api/<call>.ts): the page shown is `list`, an export reads every row. */
  call: ListCall<T>;
  list: UseQueryResult<Page<T>>;
  columns: ReportColumn<T>[];
  rowKey: (row: T) => string | number;
  summary?: SummaryItem[] | null;
  summaryLoading?: boolean;
  /** Under the summary: what its figures sum (decision 021's words). */
  summaryNote?: string;
  /** Above the table: a chart, a campaign, a title's progress. */
  children?: ReactNode;
  /** Below a row: opened with a click on the table's row, or with the phone's row's button. */
  detail?: (row: T) => ReactNode;
}

/**
 * Every report's frame: the range in the address, the summary row, the table with 10 rows a page
 * and five page links (on a desktop it fits its frame or scrolls inside it, the date column pinned;
 * on a phone a compact line per row that opens to the details, compact-rows.tsx), an empty state
 * that says why, export of the whole range to CSV and XLSX, and a print layout (report.module.css).
 */
export function ReportFrame<T>(p: ReportFrameProps<T>) {
  const { t } = useTranslation('reports');
  const lang = useLang();
  const phone = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
  const [expanded, setExpanded] = useState<(string | number)[]>([]);
  const data = p.list.data;
  const rows = data?.items ?? [];
  const total = data?.pagination.total ?? 0;
  const empty = !p.list.isPending && !p.list.isError && total === 0;
  // Empty in this range: is there anything at all? One row of the whole history answers it.
  const ever = p.call.use({ page: 1, per_page: 1 }, empty);
  const reason: EmptyReason | null =
    !empty || ever.isPending ? null : (ever.data?.pagination.total ?? 0) > 0 ? 'range' : 'never';
  const query = p.v.range;

  return (
    <Stack gap="md" className={classes.report} data-testid={`report-${p.report}`}>
      <ReportHeader title={p.title} description={p.description} view={p.v.view} />
      <Group justify="space-between" align="flex-end" gap="sm" data-noprint>
        <RangePicker
          label={t('range.label')}
          from={p.v.view.from}
          to={p.v.view.to}
          onChange={p.v.setRange}
          testId="report-range"
          presets={{
            label: t('range.presets'),
            items: RANGE_PRESETS.map((key) => ({
              key,
              label: t(`range.${key}`),
              range: presetRange(key, p.v.today),
            })),
          }}
          noPrint
        />
        <ExportButtons
          report={p.report}
          title={p.title}
          call={p.call}
          query={query}
          columns={p.columns}
          view={p.v.view}
          disabled={total === 0}
        />
      </Group>
      {p.summary && <SummaryRow items={p.summary} loading={p.summaryLoading} />}
      {p.summary && p.summaryNote && (
        <Text size="xs" c="dimmed" mt={-8} data-testid="summary-note">
          {p.summaryNote}
        </Text>
      )}
      {p.children}
      {p.list.isError ? (
        <ErrorAlert error={p.list.error} onRetry={() => void p.list.refetch()} />
      ) : empty ? (
        <EmptyState reason={reason} />
      ) : phone ? (
        <CompactRows rows={rows} columns={p.columns} rowKey={p.rowKey} detail={p.detail} />
      ) : (
        <div className={classes.table}>
          <DataTable<T>
            data-testid="report-table"
            withTableBorder
            borderRadius="md"
            striped
            highlightOnHover
            verticalAlign="top"
            minHeight={rows.length > 0 ? undefined : 150}
            pinFirstColumn
            scrollAreaProps={{
              type: 'auto',
              scrollbars: 'x',
              // Focusable, so that a keyboard scrolls it; named for a screen reader.
              viewportProps: {
                tabIndex: 0,
                role: 'region',
                'aria-label': t('table.region', { title: p.title }),
                'data-testid': 'report-table-scroll',
              } as ComponentPropsWithoutRef<'div'>,
            }}
            fetching={p.list.isFetching && !p.list.isPending ? false : p.list.isPending}
            records={rows}
            idAccessor={(r) => String(p.rowKey(r))}
            noRecordsText={t('empty.loading')}
            customRowAttributes={(r) => ({ 'data-testid': 'report-row', 'data-key': String(p.rowKey(r)) })}
            rowExpansion={
              p.detail
                ? {
                    allowMultiple: true,
                    expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
                    content: ({ record }) => <div className={classes.detail}>{p.detail?.(record)}</div>,
                  }
                : undefined
            }
            columns={p.columns.map((c) => ({
              accessor: c.key,
              title: c.title,
              textAlign: isNumeric(c.kind) ? ('right' as const) : ('left' as const),
              render: (row: T) => <Cell kind={c.kind} value={c.value(row)} wrap={c.wrap} />,
            }))}
          />
        </div>
      )}
      {total > 0 && (
        <Stack gap={4} align="center" data-noprint>
          <PageLinks page={p.v.view.page} total={data?.pagination.last_page ?? 1} onChange={p.v.setPage} />
          <Text size="xs" c="dimmed" data-testid="report-count">
            {t('table.count', {
              from: formatCount((p.v.view.page - 1) * 10 + 1, lang),
              to: formatCount((p.v.view.page - 1) * 10 + rows.length, lang),
              total: formatCount(total, lang),
            })}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
