import { Box, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNarrow } from '../../lib/use-narrow';

/**
 * A small table of plan figures. On a phone each row is a card (its first cell as the heading, the
 * other cells under their column's name), so no column is cut at the screen's edge.
 */
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
  const phone = useNarrow('xs');
  const captionText = (
    <Text size="sm" c="dimmed" id={captionId}>
      {caption}
    </Text>
  );
  if (phone)
    return (
      <Stack gap="xs">
        <Stack gap="xs" data-testid={testId} aria-describedby={captionId} role="list">
          {rows.map((row, r) => (
            <Paper key={r} withBorder radius="md" p="sm" role="listitem">
              <Text fw={600} size="sm">
                {row[0]}
              </Text>
              <SimpleGrid component="dl" cols={2} spacing="xs" verticalSpacing={6} mt={6} mb={0}>
                {row.slice(1).map((cell, i) => (
                  <Box key={i}>
                    <Text component="dt" size="xs" c="dimmed">
                      {head[i + 1]}
                    </Text>
                    <Text component="dd" size="sm" m={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {cell}
                    </Text>
                  </Box>
                ))}
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
        {captionText}
      </Stack>
    );
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
      {captionText}
    </Stack>
  );
}
