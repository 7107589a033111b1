import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconCircleCheck, IconUpload } from '@tabler/icons-react';
import type { Order } from '@portal/contracts/shop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { bankNameOfCode } from '../../../lib/banks';
import { formatDate } from '../../../lib/i18n/dates';
import type { Language } from '../../../lib/preferences';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useGuestSlip } from '../api/guest';
import { useUploadSlip } from '../api/orders';
import { formatMoney } from '../model/cart';
import { PromptPayQr } from './promptpay-qr';

/** The payment screen of an unpaid order, per method: a QR code, a transfer slip, or nothing to do. */
export function PaymentPanel({
  order,
  lang,
  guestKey,
}: {
  order: Order;
  lang: Language;
  guestKey: string | null;
}) {
  const { t } = useTranslation('shop');
  const payment = order.payment;
  if (order.payment_status === 'paid')
    return (
      <Alert color="teal" icon={<IconCircleCheck size={20} />} data-testid="payment-paid">
        {t('pay.paid')}
      </Alert>
    );
  if (!payment || order.status === 'canceled') return null;
  const amount = formatMoney(payment.amount, lang);
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Text fw={600}>{t('pay.title')}</Text>
        {payment.expires_at && (
          <Text size="sm" c="dimmed">
            {t('pay.expires', { date: formatDate(payment.expires_at, lang, 'dateTime') })}
          </Text>
        )}
        {payment.method === 'promptpay' && payment.promptpay_payload && (
          <Stack gap="xs" align="center">
            <Text size="sm">{t('pay.promptpay', { amount })}</Text>
            <PromptPayQr payload={payment.promptpay_payload} alt={t('pay.qrAlt')} />
            <Text size="xs" c="dimmed">
              {t('pay.promptpayWaiting')}
            </Text>
          </Stack>
        )}
        {payment.method === 'transfer' && (
          <Stack gap="sm">
            {payment.transfer_to && (
              <Stack gap={2}>
                <Text size="sm">{t('pay.transferTo', { amount })}</Text>
                <Table withRowBorders={false} verticalSpacing={2}>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td c="dimmed">{t('pay.bank')}</Table.Td>
                      <Table.Td>{bankNameOfCode(payment.transfer_to.bank, lang)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td c="dimmed">{t('pay.accountNo')}</Table.Td>
                      <Table.Td>{payment.transfer_to.account_no}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td c="dimmed">{t('pay.accountName')}</Table.Td>
                      <Table.Td>{payment.transfer_to.account_name}</Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </Stack>
            )}
            {payment.slips.map((slip) => (
              <Group key={slip.id} gap="xs" wrap="wrap">
                <Text size="sm">{slip.file_name}</Text>
                <Badge
                  color={slip.status === 'confirmed' ? 'teal' : slip.status === 'rejected' ? 'red' : 'yellow'}
                  variant="light"
                >
                  {t(`pay.slipStatuses.${slip.status}`)}
                </Badge>
                {slip.reason && (
                  <Text size="xs" c="red.7">
                    {slip.reason}
                  </Text>
                )}
              </Group>
            ))}
            {payment.slips.every((s) => s.status === 'rejected') && (
              <SlipUpload number={order.order_no} guestKey={guestKey} />
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function SlipUpload({ number, guestKey }: { number: string; guestKey: string | null }) {
  const { t } = useTranslation('shop');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const preview = useObjectUrl(file && file.type.startsWith('image/') ? file : null);
  const member = useUploadSlip();
  const guest = useGuestSlip(guestKey ?? '');
  const upload = guestKey ? guest : member;
  const send = () => {
    if (!file) return;
    setProgress(0);
    upload.mutate(
      { number, file, onProgress: (f) => setProgress(Math.round(f * 100)) },
      { onSettled: () => setProgress(null), onSuccess: () => setFile(null) },
    );
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('pay.slip')}
      </Text>
      <Group gap="xs" wrap="wrap">
        <FileButton onChange={setFile} accept="image/png,image/jpeg,image/gif,application/pdf">
          {(props) => (
            <Button {...props} variant="default" size="xs" data-testid="slip-choose">
              {t('pay.chooseSlip')}
            </Button>
          )}
        </FileButton>
        {file && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {file.name}
          </Text>
        )}
      </Group>
      {preview && (
        <Image src={preview} alt={t('pay.slip')} maw={240} radius="sm" data-testid="slip-preview" />
      )}
      {progress !== null && (
        <Stack gap={2}>
          <Progress value={progress} size="sm" />
          <Text size="xs" c="dimmed">
            {t('pay.uploading', { percent: progress })}
          </Text>
        </Stack>
      )}
      {upload.isError && <ErrorAlert error={upload.error} />}
      {upload.isSuccess && (
        <Text size="sm" c="teal.8">
          {t('pay.slipSent')}
        </Text>
      )}
      <Button
        size="xs"
        leftSection={<IconUpload size={16} />}
        disabled={!file}
        loading={upload.isPending}
        onClick={send}
        w="fit-content"
        data-testid="slip-upload"
      >
        {t('pay.upload')}
      </Button>
    </Stack>
  );
}
