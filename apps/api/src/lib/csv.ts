/** A file the API answers as text (CSV). */
export interface CsvFile {
  filename: string;
  body: string;
}

/**
 * A text cell that a spreadsheet would read as a formula (=, +, -, @ first) is written with a leading
 * apostrophe: the files are opened in spreadsheets, and a name is never a formula.
 */
export const textCell = (value: string | null) => {
  const v = value ?? '';
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
};
