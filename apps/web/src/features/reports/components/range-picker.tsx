import '@mantine/dates/styles.css';
import { Button, Group, Menu } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar, IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/i18n/dates';
import { RANGE_PRESETS, presetRange } from '../model/query';
import '../reports-namespace';
import { useLang } from './format';

/**
 * The report's range in business dates (both ends included). In Thai the calendar and the field
 * show Buddhist-era years (the dayjs buddhistEra token BBBB); a range is applied once both ends are
 * picked. Presets beside it: this month, last month, the last 90 days, this year.
 */
export function RangePicker({
  from,
  to,
  today,
  onChange,
}: {
  from: string;
  to: string;
  today: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('reports');
  const lang = useLang();
  const [draft, setDraft] = useState<[string | null, string | null] | null>(null);
  const year = lang === 'th' ? 'BBBB' : 'YYYY';
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-noprint>
      <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
        <DatePickerInput
          type="range"
          label={t('range.label')}
          leftSection={<IconCalendar size={16} />}
          value={draft ?? [from, to]}
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
          data-testid="report-range"
          w={{ base: '100%', xs: 300 }}
          popoverProps={{ withinPortal: true }}
        />
      </DatesProvider>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={14} />} data-testid="range-presets">
            {t('range.presets')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {RANGE_PRESETS.map((p) => (
            <Menu.Item key={p} data-testid={`preset-${p}`} onClick={() => onChange(presetRange(p, today))}>
              {t(`range.${p}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
