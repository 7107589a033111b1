import 'mantine-datatable/styles.css';
import { Card, Group, Stack, Text } from '@mantine/core';
import { DEFAULT_PER_PAGE, type Page } from '@portal/contracts/envelope';
import { DataTable } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { PageLinks } from '../../components/ui/page-links';
import { formatDate } from '../../lib/i18n/dates';
import { formatCount, formatPoints } from '../../lib/i18n/numbers';
import { useLang } from '../../lib/i18n/use-lang';
import { useNarrow } from '../../lib/use-narrow';

export function useFormat() {
  const lang = useLang();
  return {
    lang,
    day: (date: string | null) => (date ? formatDate(date, lang, 'date') : '–'),
    longDay: (date: string) => formatDate(date, lang, 'long'),
    /** "2026-03-01" → "มีนาคม 2569" / "March 2026". */
    month: (firstDay: string) => formatDate(firstDay, lang, 'long').replace(/^1 /, ''),
    count: (n: number) => formatCount(n, lang),
    money: (v: string) => formatPoints(v, lang),
  };
}

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
  const phone = useNarrow('sm');
  const records = data?.items ?? [];
  const [head, ...rest] = columns;
  return (
    <Stack gap="sm">
      {phone && records.length > 0 ? (
        <Stack gap="sm" data-testid={testId}>
          {records.map((r) => (
            <Card
              key={r.id}
              withBorder
              padding="sm"
              radius="md"
              data-testid={rowTestId}
              {...rowAttributes(r)}
            >
              <Text fw={600} mb={6}>
                {head?.render(r)}
              </Text>
              <Stack gap={4}>
                {rest.map((c) => (
                  <Group key={c.key} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                      {c.title}
                    </Text>
                    <Text size="sm" ta="right" component="div" style={{ minWidth: 0 }}>
                      {c.render(r)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <DataTable<T>
          data-testid={testId}
          withTableBorder
          borderRadius="md"
          striped
          verticalAlign="top"
          minHeight={records.length > 0 ? undefined : 150}
          records={records}
          fetching={fetching}
          noRecordsText={empty}
          customRowAttributes={(r) => ({ 'data-testid': rowTestId, ...rowAttributes(r) })}
          columns={columns.map((c) => ({
            accessor: c.key,
            title: c.title,
            textAlign: c.right ? 'right' : 'left',
            render: c.render,
          }))}
        />
      )}
      <PageLinks
        page={page}
        total={Math.ceil((data?.pagination.total ?? 0) / DEFAULT_PER_PAGE)}
        onChange={onPage}
      />
    </Stack>
  );
}
