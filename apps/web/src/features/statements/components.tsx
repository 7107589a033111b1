import 'mantine-datatable/styles.css';
import { Card, Group, Pagination, Stack, Text, type TextProps } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableProps } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n/dates';
import { formatCount, formatPoints } from '../../lib/i18n/numbers';
import { useLang } from '../../lib/i18n/use-lang';
import './statements-namespace';
import { useNarrow } from '../../lib/use-narrow';

export function useFormat() {
  const lang = useLang();
  return {
    lang,
    day: (date: string | null | undefined) => (date ? formatDate(date, lang, 'date') : '–'),
    longDay: (date: string | null | undefined) => (date ? formatDate(date, lang, 'long') : '–'),
    /** "2026-03" → "มีนาคม 2569" / "March 2026". */
    month: (month: string) => formatDate(`${month}-01`, lang, 'long').replace(/^1 /, ''),
    year: (year: number) => (lang === 'th' ? String(year + 543) : String(year)),
    count: (n: number) => formatCount(n, lang),
    money: (v: string | null | undefined) => formatPoints(v, lang),
  };
}

/** Money as a decimal string, formatted for the language, figures aligned (never a monospace face); negatives in red. */
export function Money({ value, ...props }: { value: string | null | undefined } & TextProps) {
  const f = useFormat();
  return (
    <Text
      span
      size="sm"
      c={value?.startsWith('-') ? 'red.8' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      {...props}
    >
      {f.money(value)}
    </Text>
  );
}

type Column<T> = DataTableColumn<T> & { accessor: string };

/**
 * A table of the statements pages (mantine-datatable, paged on the server when `page` is given); on a
 * phone the same columns as cards, one per row, each value under its title.
 */
export function StatementTable<T>(
  props: DataTableProps<T> & {
    columns: Column<T>[];
    records: T[];
    cardTestId?: string;
    /** The card's heading; it stands for the first column, which the card then leaves out. */
    cardTitle?: (record: T) => ReactNode;
    /** false: a narrow table that fits a phone stays a table. */
    phoneCards?: boolean;
  },
) {
  const { t } = useTranslation('statements');
  // Below `sm` the table becomes a list of cards.
  const phone = useNarrow('sm');
  const { cardTestId, cardTitle, phoneCards = true, ...table } = props;
  const paging = 'page' in props && props.page !== undefined;
  if (phone && phoneCards && props.records.length > 0) {
    return (
      <Stack gap="sm" data-testid={props['data-testid' as keyof typeof props] as string | undefined}>
        {props.records.map((record, index) => (
          <Card key={index} withBorder padding="sm" radius="md" data-testid={cardTestId}>
            {cardTitle && (
              <Text fw={600} mb={6}>
                {cardTitle(record)}
              </Text>
            )}
            <Stack gap={4}>
              {props.columns
                .filter((c, i) => c.title && c.accessor !== '__actions' && !(cardTitle && i === 0))
                .map((c) => (
                  <Group
                    key={String(c.accessor)}
                    justify="space-between"
                    wrap="nowrap"
                    gap="xs"
                    align="flex-start"
                  >
                    <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                      {c.title}
                    </Text>
                    <Text size="sm" ta="right" component="div" style={{ minWidth: 0 }}>
                      {c.render
                        ? c.render(record, index)
                        : String((record as Record<string, unknown>)[String(c.accessor)] ?? '')}
                    </Text>
                  </Group>
                ))}
              {props.columns
                .filter((c) => c.accessor === '__actions')
                .map((c) => (
                  <Group key="actions" justify="flex-end">
                    {c.render?.(record, index)}
                  </Group>
                ))}
            </Stack>
          </Card>
        ))}
        {paging && (props.totalRecords ?? 0) > (props.recordsPerPage ?? 10) && (
          <Group justify="center">
            <Pagination
              size="sm"
              siblings={1}
              total={Math.ceil((props.totalRecords ?? 0) / (props.recordsPerPage ?? 10))}
              value={props.page}
              onChange={(p) => props.onPageChange?.(p)}
              getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
            />
          </Group>
        )}
      </Stack>
    );
  }
  const merged = {
    withTableBorder: true,
    borderRadius: 'md',
    striped: true,
    highlightOnHover: true,
    minHeight: props.records.length > 0 ? undefined : 150,
    verticalAlign: 'top',
    ...(paging
      ? {
          paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
            t('table.range', { from, to, total: totalRecords }),
          getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
            'aria-label': t(`table.${control}`),
          }),
        }
      : {}),
    ...table,
  } as DataTableProps<T>;
  return <DataTable<T> {...merged} />;
}
