import { Text, type TextProps } from '@mantine/core';
import { formatDate } from '../../lib/i18n/dates';
import { formatCount, formatPoints } from '../../lib/i18n/numbers';
import { useLang } from '../../lib/i18n/use-lang';
import './statements-namespace';

export function useFormat() {
  const lang = useLang();
  return {
    lang,
    day: (date: string | null | undefined) => (date ? formatDate(date, lang, 'date') : '–'),
    longDay: (date: string | null | undefined) => (date ? formatDate(date, lang, 'long') : '–'),
    /** "2026-03" → "มีนาคม 2569" / "March 2026". */
    month: (month: string) => formatDate(`${month}-01`, lang, 'long').replace(/^1 /, ''),
    year: (year: number) => (lang === 'th' ? String(year + 543) : String(year)),
    count: (n: number) => formatCount(n, lang),
    money: (v: string | null | undefined) => formatPoints(v, lang),
  };
}

/** Money as a decimal string, formatted for the language, figures aligned (never a monospace face); negatives in red. */
export function Money({ value, ...props }: { value: string | null | undefined } & TextProps) {
  const f = useFormat();
  return (
    <Text
      span
      size="sm"
      c={value?.startsWith('-') ? 'red.8' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      {...props}
    >
      {f.money(value)}
    </Text>
  );
}
