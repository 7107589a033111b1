import type { CellValue, ReportColumn } from './columns';

/**
 * A report as CSV (RFC 4180): a header of the column titles, one line per row, CRLF line ends and
 * a BOM so that a spreadsheet reads the Thai text as UTF-8. Money stays the decimal string the API
 * sent; a formula-looking text is prefixed with ' so that no spreadsheet runs it.
 */
export function csvCell(value: CellValue): string {
  if (value === null) return '';
  let text = typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function buildCsv<T>(columns: readonly ReportColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.title)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The file name of an export: the report and its range. */
export const exportFileName = (report: string, from: string, to: string, ext: 'csv' | 'xlsx') =>
  `${report}_${from}_${to}.${ext}`;
