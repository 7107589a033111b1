import { Text } from '@mantine/core';
import { percentText } from '@portal/plan/money';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/i18n/dates';
import { formatCount, formatPoints } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { useLang } from '../../../lib/i18n/use-lang';
import type { CellValue, ColumnKind } from '../model/columns';

/** A rate sent as decimal text ("0.12") as a percent ("12%"), exactly (@portal/plan/money). */
function formatPercent(value: string): string {
  return /^-?\d+(\.\d+)?$/.test(value) ? `${percentText(value)}%` : value;
}

/** A cell as text for the reader's language. */
export function formatCell(kind: ColumnKind, value: CellValue, lang: Language): string {
  if (value === null || value === '') return '–';
  switch (kind) {
    case 'money':
      return formatPoints(String(value), lang);
    case 'int':
      return typeof value === 'number' ? formatCount(value, lang) : String(value);
    case 'date':
      return formatDate(String(value), lang, 'date');
    case 'percent':
      return formatPercent(String(value));
    default:
      return String(value);
  }
}

/** A cell as it shows: numbers right-aligned in a tabular face. */
export function Cell({
  kind,
  value,
  wrap,
}: {
  kind: ColumnKind;
  value: CellValue;
  wrap?: boolean;
}): ReactNode {
  const lang = useLang();
  const text = formatCell(kind, value, lang);
  if (kind === 'money' || kind === 'int' || kind === 'percent')
    return (
      <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {text}
      </Text>
    );
  if (wrap) return text;
  return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
}

export const isNumeric = (kind: ColumnKind) => kind === 'money' || kind === 'int' || kind === 'percent';
