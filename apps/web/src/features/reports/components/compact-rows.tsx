import { Badge, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useLang } from '../../../lib/i18n/use-lang';
import type { ReportColumn } from '../model/columns';
import '../reports-namespace';
import { Cell, formatCell } from './format';
import classes from './report.module.css';

/** The columns of a compact row: its date, the amount that matters, its state, and the rest. */
export function compactParts<T>(columns: readonly ReportColumn<T>[]) {
  const date = columns.find((c) => c.compact === 'date') ?? columns[0];
  const amount = columns.find((c) => c.compact === 'amount');
  const state = columns.find((c) => c.compact === 'state');
  const rest = columns.filter((c) => c !== date && c !== amount && c !== state);
  return { date, amount, state, rest };
}

/**
 * A report's rows on a phone: a line per row with its date, its state and the amount that matters
 * in this report (the columns' `compact`), a button that opens the row to its other columns and
 * the report's detail. Rows open independently; a detail is drawn (and fetched) only when open.
 */
export function CompactRows<T>({
  rows,
  columns,
  rowKey,
  detail,
}: {
  rows: T[];
  columns: ReportColumn<T>[];
  rowKey: (row: T) => string | number;
  detail?: (row: T) => ReactNode;
}) {
  const lang = useLang();
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const { date, amount, state, rest } = compactParts(columns);
  const toggle = (key: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <Paper withBorder radius="md" component="ul" className={classes.compactList} data-testid="report-cards">
      {rows.map((row, index) => {
        const key = String(rowKey(row));
        const isOpen = open.has(key);
        const panel = `${id}-${index}`;
        const stateValue = state?.value(row);
        return (
          <li key={key} className={classes.compactRow} data-testid="report-row" data-key={key}>
            <UnstyledButton
              className={classes.compactToggle}
              onClick={() => toggle(key)}
              aria-expanded={isOpen}
              aria-controls={panel}
              data-testid="report-row-toggle"
            >
              <span className={classes.compactLead}>
                {date && (
                  <Text span size="sm" fw={600} data-testid="row-date">
                    {formatCell(date.kind, date.value(row), lang)}
                  </Text>
                )}
                {state && stateValue !== null && stateValue !== '' && (
                  <Badge
                    size="sm"
                    variant="light"
                    color={state.tone?.(row) ?? 'gray'}
                    tt="none"
                    data-testid="row-state"
                  >
                    {formatCell(state.kind, stateValue ?? null, lang)}
                  </Badge>
                )}
              </span>
              {amount && (
                <span className={classes.compactAmount}>
                  <Text span fw={700} className={classes.figure} data-testid="row-amount">
                    {formatCell(amount.kind, amount.value(row), lang)}
                  </Text>
                  <Text span size="xs" c="dimmed" lh={1.3}>
                    {amount.title}
                  </Text>
                </span>
              )}
              <IconChevronDown
                size={18}
                className={classes.chevron}
                data-open={isOpen || undefined}
                aria-hidden
              />
            </UnstyledButton>
            <div
              id={panel}
              hidden={!isOpen}
              className={classes.compactDetails}
              data-testid="report-row-details"
            >
              {isOpen && (
                <>
                  {rest.length > 0 && (
                    <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
                      {rest.map((c) => (
                        <div key={c.key} style={{ minWidth: 0 }} data-testid={`row-field-${c.key}`}>
                          <Text size="xs" c="dimmed" lh={1.5}>
                            {c.title}
                          </Text>
                          <Text size="sm" lh={1.5} style={{ overflowWrap: 'anywhere' }}>
                            <Cell kind={c.kind} value={c.value(row)} wrap />
                          </Text>
                        </div>
                      ))}
                    </SimpleGrid>
                  )}
                  {detail && <div className={classes.compactDetail}>{detail(row)}</div>}
                </>
              )}
            </div>
          </li>
        );
      })}
    </Paper>
  );
}
