import { Stack } from '@mantine/core';
import { DEFAULT_PER_PAGE, type Page } from '@portal/contracts/paging';
import type { ReactNode } from 'react';
import { RecordTable } from '../../components/record-table';
import { PageLinks } from '../../components/ui/page-links';

export interface ListColumn<T> {
  key: string;
  title: string;
  render: (record: T) => ReactNode;
  right?: boolean;
}

/**
 * One page of a wallet list with the spec's five page links: a table, and on a phone a card per row
 * with each value under its column's name (the first column is the card's heading).
 */
export function WalletList<T extends { id: number }>({
  testId,
  rowTestId,
  page,
  data,
  fetching,
  empty,
  columns,
  rowAttributes,
  onPage,
}: {
  testId: string;
  rowTestId: string;
  page: number;
  data: Page<T> | undefined;
  fetching: boolean;
  empty: string;
  columns: ListColumn<T>[];
  rowAttributes: (record: T) => Record<string, string>;
  onPage: (page: number) => void;
}) {
  return (
    <Stack gap="sm">
      <RecordTable<T>
        data-testid={testId}
        records={data?.items ?? []}
        fetching={fetching}
        noRecordsText={empty}
        recordAttributes={(r) => ({ 'data-testid': rowTestId, ...rowAttributes(r) })}
        cardTitle={(r) => columns[0]?.render(r)}
        columns={columns.map((c) => ({
          accessor: c.key,
          title: c.title,
          textAlign: c.right ? 'right' : 'left',
          render: c.render,
        }))}
      />
      <PageLinks
        page={page}
        total={Math.ceil((data?.pagination.total ?? 0) / DEFAULT_PER_PAGE)}
        onChange={onPage}
      />
    </Stack>
  );
}
