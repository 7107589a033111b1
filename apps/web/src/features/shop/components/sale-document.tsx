import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import type { Order } from '@portal/contracts/shop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate } from '../../../lib/i18n/dates';
import { useDescribeError } from '../../../lib/i18n/messages';
import type { Language } from '../../../lib/preferences';
import { downloadSaleDocument, useSaleDocument } from '../api/tax';

/**
 * The sale document a community-shop guest is handed (Direct Sales Act section 30; issue 22): who
 * sold and who bought, the sale and delivery dates, and the right to cancel, larger and bolder than
 * the rest, with the PDF in Thai or English.
 */
export function SaleDocumentCard({
  order,
  lang,
  guestKey,
}: {
  order: Order;
  lang: Language;
  guestKey: string | null;
}) {
  const { t } = useTranslation('shop');
  const describe = useDescribeError();
  const community = order.channel === 'COMMUNITY' && guestKey !== null;
  const doc = useSaleDocument(order.order_no, community ? guestKey : null, lang);
  const [busy, setBusy] = useState<'th' | 'en' | null>(null);
  if (!community || doc.isPending) return null;
  if (doc.isError) return <ErrorAlert error={doc.error} onRetry={() => void doc.refetch()} />;
  const d = doc.data;
  const download = async (pdfLang: 'th' | 'en') => {
    setBusy(pdfLang);
    try {
      await downloadSaleDocument(order.order_no, pdfLang, guestKey);
    } catch (error) {
      notifications.show({ color: 'red', message: describe(error) });
    } finally {
      setBusy(null);
    }
  };
  const row = (label: string, value: string) => (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" ta="right">
        {value}
      </Text>
    </Group>
  );
  return (
    <Card withBorder data-testid="sale-document">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconFileText size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={0}>
            <Text fw={600}>{t('saleDocument.title')}</Text>
            <Text size="xs" c="dimmed">
              {t('saleDocument.law')}
            </Text>
          </Stack>
        </Group>
        <Stack gap={6}>
          {row(t('saleDocument.seller'), d.seller.company.name)}
          {row(
            t('saleDocument.distributor'),
            `${d.seller.distributor.name} (${d.seller.distributor.member_code})`,
          )}
          {row(t('saleDocument.buyer'), `${d.buyer.name} · ${d.buyer.telephone}`)}
          {row(t('saleDocument.saleDate'), formatDate(d.sale_date, lang, 'long'))}
          {row(
            t('saleDocument.deliveryDate'),
            d.delivery.date ? formatDate(d.delivery.date, lang, 'long') : t('saleDocument.notDelivered'),
          )}
        </Stack>
        <Alert color="red" variant="outline" data-testid="sale-document-right">
          <Stack gap={6}>
            <Text fw={800} size="lg" c="red.9">
              {t('saleDocument.rightTitle')}
            </Text>
            <Text fw={700} size="md">
              {t('saleDocument.right', { days: d.cancel.days })}
            </Text>
            <Text fw={700} size="md" data-testid="sale-document-until">
              {d.cancel.ends_on
                ? t('saleDocument.until', { date: formatDate(d.cancel.ends_on, lang, 'long') })
                : t('saleDocument.untilUnknown', { days: d.cancel.days })}
            </Text>
            <Text size="sm" fw={600}>
              {t('saleDocument.how', { email: d.seller.company.email, phone: d.seller.company.phone })}
            </Text>
            <Text size="sm" fw={600}>
              {t('saleDocument.refund', { days: d.cancel.refund_days })}
            </Text>
          </Stack>
        </Alert>
        <Group gap="xs">
          {(['th', 'en'] as const).map((l) => (
            <Button
              key={l}
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={busy === l}
              onClick={() => void download(l)}
              data-testid={`sale-document-download-${l}`}
            >
              {t(`tax.download.${l}`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
