import { Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small table of plan figures that scrolls sideways on a phone instead of squeezing its columns. */
export function PlanTable({
  caption,
  head,
  rows,
  minWidth = 480,
  testId,
}: {
  caption: string;
  head: ReactNode[];
  rows: ReactNode[][];
  minWidth?: number;
  testId?: string;
}) {
  // The caption is outside the scrolling box, so it wraps on a phone instead of scrolling away.
  const captionId = testId ? `${testId}-caption` : undefined;
  return (
    <Stack gap={4}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table
          striped
          withTableBorder
          withColumnBorders
          verticalSpacing="xs"
          data-testid={testId}
          aria-describedby={captionId}
        >
          <Table.Thead>
            <Table.Tr>
              {head.map((cell, i) => (
                <Table.Th key={i} style={{ whiteSpace: 'nowrap' }}>
                  {cell}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, r) => (
              <Table.Tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <Table.Th key={i} scope="row" fw={600}>
                      {cell}
                    </Table.Th>
                  ) : (
                    <Table.Td key={i} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {cell}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="dimmed" id={captionId}>
        {caption}
      </Text>
    </Stack>
  );
}
