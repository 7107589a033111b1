import '@mantine/dates/styles.css';
import { Button, Group, Menu } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar, IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/i18n/dates';
import { isLanguage } from '../lib/preferences';

export interface DateRange {
  from: string;
  to: string;
}

/** A quick range beside the field: `key` names its test id (`preset-<key>`). */
export interface RangePreset {
  key: string;
  label: string;
  range: DateRange;
}

/**
 * A range of business dates (both ends included). In Thai the calendar and the field show
 * Buddhist-era years (the dayjs buddhistEra token BBBB); a range is applied once both ends are
 * picked. The texts come from the caller (each feature has its own words for them). Options:
 * `presets`, a menu of quick ranges (button `range-presets`, items `preset-<key>`); `clear`, a
 * button that drops the range (`range-clear`, shown while either end is set); `noPrint`, left out
 * of a printed page.
 */
export function RangePicker({
  label,
  from,
  to,
  onChange,
  testId,
  presets,
  clear,
  noPrint = false,
}: {
  label: string;
  from?: string | undefined;
  to?: string | undefined;
  onChange: (range: DateRange) => void;
  /** The field's data-testid. */
  testId: string;
  presets?: { label: string; items: RangePreset[] } | undefined;
  clear?: { label: string; onClear: () => void } | undefined;
  noPrint?: boolean;
}) {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  const [draft, setDraft] = useState<[string | null, string | null] | null>(null);
  const year = lang === 'th' ? 'BBBB' : 'YYYY';
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-noprint={noPrint || undefined}>
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
          data-testid={testId}
          w={{ base: '100%', xs: 300 }}
          popoverProps={{ withinPortal: true }}
        />
      </DatesProvider>
      {presets && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              rightSection={<IconChevronDown size={14} />}
              data-testid="range-presets"
            >
              {presets.label}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {presets.items.map((p) => (
              <Menu.Item key={p.key} data-testid={`preset-${p.key}`} onClick={() => onChange(p.range)}>
                {p.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {clear && (from || to) && (
        <Button variant="default" onClick={clear.onClear} data-testid="range-clear">
          {clear.label}
        </Button>
      )}
    </Group>
  );
}
