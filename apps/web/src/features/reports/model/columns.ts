/**
 * The columns of a report as data: the same definition draws the table and the phone cards and
 * writes the CSV and XLSX files, so an export holds exactly the columns on screen.
 */
export type ColumnKind = 'text' | 'date' | 'money' | 'int' | 'percent';

/** A cell's raw value: money a decimal string ("1250.00"), never a float; dates YYYY-MM-DD. */
export type CellValue = string | number | boolean | null;

export interface ReportColumn<T> {
  key: string;
  /** The column's title, in the reader's language. */
  title: string;
  kind: ColumnKind;
  value: (row: T) => CellValue;
  /** Long text (names, remarks) may wrap; every other cell stays on one line. */
  wrap?: boolean;
  /**
   * Its place in a phone's compact row, a line per row that opens to the other columns: 'date' the
   * row's date (the first column when no column says so), 'amount' the figure that matters in this
   * report (large, on the right), 'state' where the row stands (a badge under the date).
   */
  compact?: 'date' | 'amount' | 'state';
  /** The state badge's colour for a row (a Mantine colour); grey when not given. */
  tone?: (row: T) => string | undefined;
}
