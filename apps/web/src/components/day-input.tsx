import '@mantine/dates/styles.css';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/i18n/dates';
import { isLanguage } from '../lib/preferences';

/**
 * One business date (YYYY-MM-DD, the value on the wire) picked from a calendar and shown in the
 * reader's language: "24 พ.ย. 2569" with Buddhist-era years in Thai, "24 Nov 2026" in English,
 * never the browser's mm/dd/yyyy. Empty is ''. `clearable` lets a filter be dropped.
 */
export function DayInput({
  label,
  description,
  value,
  onChange,
  min,
  required,
  clearable,
  error,
  testId,
}: {
  label: string;
  description?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  min?: string | undefined;
  required?: boolean | undefined;
  clearable?: boolean | undefined;
  error?: string | undefined;
  testId: string;
}) {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const year = lang === 'th' ? 'BBBB' : 'YYYY';
  return (
    <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
      <DatePickerInput
        label={label}
        description={description}
        required={required}
        clearable={clearable}
        error={error}
        leftSection={<IconCalendar size={16} />}
        value={value || null}
        minDate={min}
        valueFormatter={({ date }) => (typeof date === 'string' ? formatDate(date.slice(0, 10), lang) : '')}
        monthLabelFormat={`MMMM ${year}`}
        yearLabelFormat={year}
        yearsListFormat={year}
        decadeLabelFormat={(a, b) => `${formatDate(a, lang).slice(-4)} – ${formatDate(b, lang).slice(-4)}`}
        onChange={(v) => onChange(v ? v.slice(0, 10) : '')}
        data-testid={testId}
        data-value={value}
      />
    </DatesProvider>
  );
}
