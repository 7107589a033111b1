import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/i18n/dates';
import { formatCount, formatPoints } from '../../../lib/i18n/numbers';
import type { Language } from '../../../lib/preferences';
import { useLang } from '../../../lib/i18n/use-lang';
import type { CellValue, ColumnKind } from '../model/columns';

const percentFormats = new Map<Language, Intl.NumberFormat>();
/** A fraction sent as decimal text ("0.12") as a percent; Intl reads the text, no float math. */
export function formatPercent(value: string, lang: Language): string {
  let format = percentFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'th' ? 'th-TH' : 'en-US', {
      style: 'percent',
      maximumFractionDigits: 2,
    });
    percentFormats.set(lang, format);
  }
  return /^-?\d+(\.\d+)?$/.test(value) ? format.format(value as Intl.StringNumericLiteral) : value;
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
      return formatPercent(String(value), lang);
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
