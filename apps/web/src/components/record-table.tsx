import 'mantine-datatable/styles.css';
import { Card, Group, Pagination, Stack, Text } from '@mantine/core';
import { DataTable, getRecordId, type DataTableColumn, type DataTableProps } from 'mantine-datatable';
import type { Page } from '@portal/contracts/paging';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrow } from '../lib/use-narrow';

/** A column of a record table: mantine-datatable's, named by a string accessor. */
export type RecordColumn<T> = DataTableColumn<T> & {
  accessor: string;
  /**
   * On a phone card: 'actions' puts the value in a row of its own at the card's foot (buttons), false
   * leaves the column out. By default the value stands under the column's title.
   */
  card?: 'actions' | false;
};

/** A record's test id and data attributes; the same on its row and on its card. */
type RecordAttributes = Record<string, string | number | undefined>;

export type RecordTableProps<T> = DataTableProps<T> & {
  columns: RecordColumn<T>[];
  records: T[];
  'data-testid'?: string;
  /** Set on each record's row, and on its card on a phone: its test id (`data-testid`) and data-* attributes. */
  recordAttributes?: (record: T, index: number) => RecordAttributes;
  /** Use recordAttributes, which reaches the phone's cards too. */
  customRowAttributes?: never;
  /** A click on a record's row or card (when `clickable` says it may be clicked). */
  onRecordClick?: (record: T) => void;
  clickable?: (record: T) => boolean;
  /** The card's heading; it stands for the first column, which the card then leaves out. */
  cardTitle?: (record: T) => ReactNode;
  /** false: a narrow table that fits a phone stays a table. */
  phoneCards?: boolean;
};

/** The paging props of a table showing one page of a list answer (`{items, pagination}`). */
export function pagingOf(list: Page<unknown>, page: number, onPageChange: (page: number) => void) {
  return {
    page,
    onPageChange,
    totalRecords: list.pagination.total,
    recordsPerPage: list.pagination.per_page,
  };
}

/**
 * The portal's table of records (mantine-datatable): bordered and striped, the texts of the empty
 * state and of the pager in the reader's language; paged on the server when `page`, `onPageChange`,
 * `totalRecords` and `recordsPerPage` are given. Below `sm` (a phone) the same columns become cards,
 * one per record, each value under its column's title, with the same test id and attributes as the
 * row, and the same pager. Column footers are shown in the table only.
 */
export function RecordTable<T>(props: RecordTableProps<T>) {
  const { t } = useTranslation('common');
  const phone = useNarrow('sm');
  const {
    recordAttributes,
    onRecordClick,
    clickable = () => true,
    cardTitle,
    phoneCards = true,
    customRowAttributes: _never,
    ...table
  } = props;
  const columns: RecordColumn<T>[] = props.columns;
  const paging = props.page !== undefined;
  const pages = paging ? Math.ceil((props.totalRecords ?? 0) / (props.recordsPerPage ?? 10)) : 0;

  if (phone && phoneCards && props.records.length > 0) {
    const titled = cardTitle ? columns.slice(1) : columns;
    const shown = titled.filter((c) => c.title && c.card === undefined);
    const actions = columns.filter((c) => c.card === 'actions');
    return (
      <Stack gap="sm" data-testid={props['data-testid']}>
        {props.records.map((record, index) => {
          const id = getRecordId(record, props.idAccessor ?? 'id');
          const onClick = onRecordClick && clickable(record) ? () => onRecordClick(record) : undefined;
          return (
            <Card
              key={typeof id === 'string' || typeof id === 'number' ? id : index}
              withBorder
              padding="sm"
              radius="md"
              onClick={onClick}
              style={onClick ? { cursor: 'pointer' } : undefined}
              {...recordAttributes?.(record, index)}
            >
              {cardTitle && (
                <Text fw={600} mb={6} component="div">
                  {cardTitle(record)}
                </Text>
              )}
              <Stack gap={4}>
                {shown.map((c) => (
                  <Group key={c.accessor} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                      {c.title}
                    </Text>
                    <Text size="sm" ta="right" component="div" style={{ minWidth: 0 }}>
                      {c.render
                        ? c.render(record, index)
                        : String((record as Record<string, unknown>)[c.accessor] ?? '')}
                    </Text>
                  </Group>
                ))}
                {actions.map((c) => (
                  <Group key={c.accessor} justify="flex-end">
                    {c.render?.(record, index)}
                  </Group>
                ))}
              </Stack>
            </Card>
          );
        })}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              size="sm"
              siblings={1}
              total={pages}
              value={props.page}
              onChange={(p) => props.onPageChange?.(p)}
              getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
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
    noRecordsText: t('table.empty'),
    verticalAlign: 'top',
    ...(paging
      ? {
          paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
            t('table.range', { from, to, total: totalRecords }),
          getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
            'aria-label': t(`pagination.${control}`),
          }),
        }
      : {}),
    ...table,
    ...(onRecordClick
      ? {
          onRowClick: ({ record }: { record: T }) => clickable(record) && onRecordClick(record),
          rowStyle: (record: T, index: number) =>
            clickable(record) ? props.rowStyle?.(record, index) : { cursor: 'default' },
        }
      : {}),
    ...(recordAttributes ? { customRowAttributes: recordAttributes } : {}),
    columns: columns.map(({ card: _card, ...column }) => column),
  } as DataTableProps<T>;
  return <DataTable<T> {...merged} />;
}
