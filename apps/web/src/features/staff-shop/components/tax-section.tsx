import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import type { StaffOrder } from '@portal/contracts/shop';
import type { TaxDocument } from '@portal/contracts/tax';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useFormat } from '../../../lib/i18n/use-format';
import { useDescribeError } from '../../../lib/i18n/messages';
import { downloadStaffSaleDocument, downloadStaffTaxPdf, useStaffTaxDocuments } from '../api/tax';

/** The order's tax documents on the desk (issue 22): every document issued, and the PDFs of the ones in force. */
export function StaffTaxSection({ order }: { order: StaffOrder }) {
  const { t } = useTranslation('staffshop');
  const paid = order.payment_status !== 'pending';
  const docs = useStaffTaxDocuments(order.order_no, paid);
  const community = order.channel === 'COMMUNITY';
  if (!paid && !community) return null;
  if (paid && docs.isPending) return null;
  if (paid && docs.isError) return <ErrorAlert error={docs.error} onRetry={() => void docs.refetch()} />;
  const list = docs.data?.documents ?? [];
  if (list.length === 0 && !community) return null;
  return (
    <Stack gap="xs" data-testid="staff-tax-documents">
      <Text fw={600} size="sm">
        {t('tax.title')}
      </Text>
      {list.map((d) => (
        <DocumentLine key={d.number} order={order} doc={d} />
      ))}
      {community && <SaleDocumentLine number={order.order_no} />}
    </Stack>
  );
}

/** A community-shop sale's sale document (Direct Sales Act section 30), to print for the parcel. */
function SaleDocumentLine({ number }: { number: string }) {
  const { t } = useTranslation('staffshop');
  const describe = useDescribeError();
  const [busy, setBusy] = useState<'th' | 'en' | null>(null);
  const download = async (lang: 'th' | 'en') => {
    setBusy(lang);
    try {
      await downloadStaffSaleDocument(number, lang);
    } catch (error) {
      notifications.show({ color: 'red', message: describe(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={4}>
      <Badge variant="light" color="grape" w="fit-content">
        {t('tax.saleDocument')}
      </Badge>
      <Group gap="xs">
        {(['th', 'en'] as const).map((l) => (
          <Button
            key={l}
            size="compact-xs"
            variant="default"
            leftSection={<IconDownload size={12} aria-hidden />}
            loading={busy === l}
            onClick={() => void download(l)}
            data-testid={`staff-sale-document-${l}`}
          >
            {t(`tax.download.${l}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function DocumentLine({ order, doc }: { order: StaffOrder; doc: TaxDocument }) {
  const { t } = useTranslation('staffshop');
  const f = useFormat();
  const describe = useDescribeError();
  const [busy, setBusy] = useState<'th' | 'en' | null>(null);
  const inForce = doc.canceled_at === null;
  const download = async (lang: 'th' | 'en') => {
    setBusy(lang);
    try {
      await downloadStaffTaxPdf(
        order.order_no,
        doc.kind === 'credit_note' ? 'credit-note' : 'tax-invoice',
        lang,
        `${doc.number}${lang === 'en' ? '-en' : ''}.pdf`,
      );
    } catch (error) {
      notifications.show({ color: 'red', message: describe(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={4} data-testid={`staff-tax-${doc.number}`}>
      <Group gap={6} wrap="wrap">
        <Badge variant="light" color={doc.kind === 'credit_note' ? 'orange' : inForce ? 'teal' : 'gray'}>
          {t(`tax.kinds.${doc.kind}`)}
        </Badge>
        <Text size="sm" fw={600} td={inForce ? undefined : 'line-through'}>
          {doc.number}
        </Text>
        <Text size="xs" c="dimmed">
          {f.day(doc.issued_date)} · ฿{f.money(doc.total)}
        </Text>
      </Group>
      {doc.buyer.tax_id && (
        <Text size="xs">
          {doc.buyer.name} · {t('tax.taxIdOf', { id: doc.buyer.tax_id })}
        </Text>
      )}
      {!inForce && doc.replaced_by && (
        <Text size="xs" c="dimmed">
          {t('tax.replacedBy', { number: doc.replaced_by })}
        </Text>
      )}
      {inForce && (
        <Group gap="xs">
          {(['th', 'en'] as const).map((l) => (
            <Button
              key={l}
              size="compact-xs"
              variant="default"
              leftSection={<IconDownload size={12} aria-hidden />}
              loading={busy === l}
              onClick={() => void download(l)}
              data-testid={`staff-tax-download-${doc.kind}-${l}`}
            >
              {t(`tax.download.${l}`)}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
