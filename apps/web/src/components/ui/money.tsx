import { Text, type TextProps } from '@mantine/core';
import { useFormat } from '../../lib/i18n/use-format';

/**
 * Money as the decimal string it travels as ("-1250.5"), shown in the reader's language with
 * thousand separators and two decimals ("-1,250.50"): figures aligned (tabular, never a monospace
 * face), on one line, negatives in red.
 */
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
