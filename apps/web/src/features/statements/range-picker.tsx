import '@mantine/dates/styles.css';
import { Button, Group } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n/dates';
import { useLang } from './components';

/**
 * A range of business dates (both ends included, either may be open). In Thai the calendar and the
 * field show Buddhist-era years (the dayjs buddhistEra token BBBB); a range applies once both ends
 * are picked.
 */
export function RangePicker({
  label,
  from,
  to,
  onChange,
}: {
  label: string;
  from?: string | undefined;
  to?: string | undefined;
  onChange: (range: { from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation('statements');
  const lang = useLang();
  const [draft, setDraft] = useState<[string | null, string | null] | null>(null);
  const year = lang === 'th' ? 'BBBB' : 'YYYY';
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
        <DatePickerInput
          type="range"
          label={label}
          leftSection={<IconCalendar size={16} />}
          value={draft ?? [from ?? null, to ?? null]}
          allowSingleDateInRange
          valueFormatter={({ date }) => {
            const [a, b] = Array.isArray(date) ? date : [date, null];
            const fa = a ? formatDate(String(a).slice(0, 10), lang) : '';
            const fb = b ? formatDate(String(b).slice(0, 10), lang) : '';
            return fb ? `${fa} – ${fb}` : fa;
          }}
          monthLabelFormat={`MMMM ${year}`}
          yearLabelFormat={year}
          yearsListFormat={year}
          decadeLabelFormat={(a, b) => `${formatDate(a, lang).slice(-4)} – ${formatDate(b, lang).slice(-4)}`}
          onChange={(value) => {
            const [a, b] = value;
            if (a && b) {
              setDraft(null);
              onChange({ from: a.slice(0, 10), to: b.slice(0, 10) });
            } else setDraft([a, b]);
          }}
          onDropdownClose={() => setDraft(null)}
          data-testid="range"
          w={{ base: '100%', xs: 300 }}
          popoverProps={{ withinPortal: true }}
        />
      </DatesProvider>
      {(from || to) && (
        <Button variant="default" onClick={() => onChange({})} data-testid="range-clear">
          {t('range.clear')}
        </Button>
      )}
    </Group>
  );
}
