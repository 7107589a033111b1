import { Button, Group, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/i18n/use-format';
import { useDescribeError } from '../../../lib/i18n/messages';
import { downloadSalesTaxReport } from '../api/tax';

/** The last two years' months, newest first, as YYYY-MM (Bangkok's calendar). */
function recentMonths(now = new Date()): string[] {
  const bangkok = new Date(now.getTime() + 7 * 3600_000);
  let y = bangkok.getUTCFullYear();
  let m = bangkok.getUTCMonth() + 1;
  const out: string[] = [];
  for (let i = 0; i < 24; i++) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

/** The month's sales tax report (รายงานภาษีขาย) for the accountant: CSV or XLSX. */
export function SalesTaxExport() {
  const { t } = useTranslation('staffshop');
  const f = useFormat();
  const describe = useDescribeError();
  const months = useMemo(() => recentMonths(), []);
  const [month, setMonth] = useState(months[0]!);
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      await downloadSalesTaxReport(month, format);
    } catch (error) {
      notifications.show({ color: 'red', message: describe(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="sales-tax-export">
      <Select
        label={t('tax.report')}
        data={months.map((m) => ({ value: m, label: f.month(m) }))}
        value={month}
        onChange={(v) => v && setMonth(v)}
        allowDeselect={false}
        w={200}
        data-testid="sales-tax-month"
      />
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          loading={busy === format}
          onClick={() => void download(format)}
          data-testid={`sales-tax-${format}`}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
