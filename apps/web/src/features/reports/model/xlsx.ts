import type { CellValue, ReportColumn } from './columns';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The spreadsheet value of a cell: money and counts as numbers (read from the API's decimal text,
 * nothing computed), dates as text YYYY-MM-DD, the rest as text.
 */
export function xlsxValue(kind: ReportColumn<unknown>['kind'], value: CellValue): string | number | null {
  if (value === null) return null;
  if ((kind === 'money' || kind === 'int' || kind === 'percent') && DECIMAL.test(String(value)))
    return Number(value);
  return typeof value === 'boolean' ? (value ? 'true' : 'false') : value;
}

const FORMATS: Partial<Record<ReportColumn<unknown>['kind'], string>> = {
  money: '#,##0.00',
  int: '#,##0',
  percent: '0.00%',
};

/**
 * A report as an XLSX workbook (exceljs, loaded only when a member exports): one sheet with a bold
 * header and the rows.
 */
export async function buildXlsx<T>(
  sheetName: string,
  columns: readonly ReportColumn<T>[],
  rows: readonly T[],
): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName.slice(0, 31).replace(/[[\]:*?/\\]/g, ' '));
  sheet.columns = columns.map((c) => ({
    header: c.title,
    key: c.key,
    width: Math.max(12, Math.min(40, c.title.length + 4)),
    style: FORMATS[c.kind] ? { numFmt: FORMATS[c.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, xlsxValue(c.kind, c.value(row))])));
  }
  const buffer = await book.xlsx.writeBuffer();
  return new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}
