import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Order } from '@portal/contracts/shop';
import { taxInvoiceRequestBody, type TaxDocument, type TaxInvoiceRequest } from '@portal/contracts/tax';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { applyFieldErrors } from '../../../lib/forms';
import { formatDate } from '../../../lib/i18n/dates';
import { useDescribeError } from '../../../lib/i18n/messages';
import type { Language } from '../../../lib/preferences';
import { useNarrow } from '../../../lib/use-narrow';
import { downloadTaxPdf, useRequestFullInvoice, useTaxDocuments } from '../api/tax';
import { formatMoney } from '../model/cart';

/**
 * The order's tax documents (issue 22) on the member's and the guest's order page: the tax invoice
 * in force (abbreviated at payment, or the full one asked for) and a credit note after a refund,
 * each downloadable in Thai or English, and the request of a full tax invoice.
 */
export function TaxDocumentsCard({
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
  const paid = order.payment_status !== 'pending';
  const docs = useTaxDocuments(order.order_no, guestKey, paid);
  const [asking, ask] = useDisclosure(false);
  if (!paid) return null;
  if (docs.isPending) return null;
  if (docs.isError) return <ErrorAlert error={docs.error} onRetry={() => void docs.refetch()} />;
  const { invoice, credit_note: credit, full_available: canAsk } = docs.data;
  if (!invoice && !credit && !canAsk) return null;
  return (
    <Card withBorder data-testid="tax-documents">
      <Stack gap="sm">
        <Group gap="xs">
          <IconFileInvoice size={20} aria-hidden />
          <Text fw={600}>{t('tax.title')}</Text>
        </Group>
        {invoice && (
          <DocumentRow doc={invoice} order={order} lang={lang} guestKey={guestKey} describe={describe} />
        )}
        {credit && (
          <DocumentRow doc={credit} order={order} lang={lang} guestKey={guestKey} describe={describe} />
        )}
        {canAsk && (
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
              {invoice?.kind === 'full' ? t('tax.fullAgainHint') : t('tax.fullHint')}
            </Text>
            <Button variant="light" onClick={ask.open} data-testid="tax-request-full">
              {invoice?.kind === 'full' ? t('tax.fullAgain') : t('tax.requestFull')}
            </Button>
          </Group>
        )}
      </Stack>
      <FullInvoiceForm
        number={order.order_no}
        guestKey={guestKey}
        opened={asking}
        onClose={ask.close}
        current={invoice?.kind === 'full' ? invoice : null}
      />
    </Card>
  );
}

function DocumentRow({
  doc,
  order,
  lang,
  guestKey,
  describe,
}: {
  doc: TaxDocument;
  order: Order;
  lang: Language;
  guestKey: string | null;
  describe: (error: unknown) => string;
}) {
  const { t } = useTranslation('shop');
  const [busy, setBusy] = useState<'th' | 'en' | null>(null);
  const which = doc.kind === 'credit_note' ? 'credit-note' : 'tax-invoice';
  const download = async (pdfLang: 'th' | 'en') => {
    setBusy(pdfLang);
    try {
      await downloadTaxPdf(
        order.order_no,
        which,
        pdfLang,
        `${doc.number}${pdfLang === 'en' ? '-en' : ''}.pdf`,
        guestKey,
      );
    } catch (error) {
      notifications.show({ color: 'red', message: describe(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={6} data-testid={`tax-doc-${doc.kind}`}>
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Badge variant="light" color={doc.kind === 'credit_note' ? 'orange' : 'teal'}>
              {t(`tax.kinds.${doc.kind}`)}
            </Badge>
            <Text size="sm" fw={600} data-testid="tax-doc-number">
              {doc.number}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('tax.issued', { date: formatDate(doc.issued_date, lang, 'date') })}
            {' · '}
            {t('tax.amounts', { total: formatMoney(doc.total, lang), vat: formatMoney(doc.vat, lang) })}
          </Text>
          {doc.kind === 'full' && (
            <Text size="sm">
              {doc.buyer.name} · {t('tax.taxIdOf', { id: doc.buyer.tax_id })}
            </Text>
          )}
          {doc.kind === 'credit_note' && doc.reason && (
            <Text size="sm">{t('tax.reason', { reason: doc.reason })}</Text>
          )}
        </Stack>
        <Group gap="xs">
          {(['th', 'en'] as const).map((l) => (
            <Button
              key={l}
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={busy === l}
              onClick={() => void download(l)}
              data-testid={`tax-download-${doc.kind}-${l}`}
            >
              {t(`tax.download.${l}`)}
            </Button>
          ))}
        </Group>
      </Group>
    </Stack>
  );
}

interface FormValues {
  tax_id: string;
  name: string;
  address: string;
  branch: string;
}
const FIELDS = ['tax_id', 'name', 'address', 'branch'] as const;

/** The full tax invoice's buyer (react-hook-form with the contract's own rules, as the profile forms). */
function FullInvoiceForm({
  number,
  guestKey,
  opened,
  onClose,
  current,
}: {
  number: string;
  guestKey: string | null;
  opened: boolean;
  onClose: () => void;
  current: TaxDocument | null;
}) {
  const { t } = useTranslation('shop');
  const describe = useDescribeError();
  const phone = useNarrow('xs');
  const request = useRequestFullInvoice(number, guestKey);
  const form = useForm<FormValues, unknown, TaxInvoiceRequest>({
    defaultValues: {
      tax_id: current?.buyer.tax_id ?? '',
      name: current?.buyer.name ?? '',
      address: current?.buyer.address ?? '',
      branch: current?.buyer.branch ?? '',
    },
    resolver: (values, context, options) =>
      zodResolver(taxInvoiceRequestBody)(
        { ...values, branch: values.branch.trim() === '' ? null : values.branch } as TaxInvoiceRequest,
        context,
        options as never,
      ),
  });
  const { errors } = form.formState;
  // The contract's messages are English; each field has its own words here.
  const message = (field: (typeof FIELDS)[number]) =>
    errors[field] ? t(`tax.form.errors.${field}`) : undefined;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await request.mutateAsync(body);
      notifications.show({ color: 'teal', message: t('tax.form.issued') });
      onClose();
    } catch (error) {
      applyFieldErrors(error, form.setError, FIELDS);
    }
  });
  const fieldError = Object.keys(errors).length > 0;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tax.form.title')}
      size="lg"
      centered
      fullScreen={phone}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} data-testid="tax-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('tax.form.intro')}
          </Text>
          {request.error && !fieldError && (
            <Alert color="red" variant="light" role="alert">
              {describe(request.error)}
            </Alert>
          )}
          <TextInput
            label={t('tax.form.taxId')}
            description={t('tax.form.taxIdHint')}
            required
            inputMode="numeric"
            maxLength={17}
            autoComplete="off"
            error={message('tax_id')}
            {...form.register('tax_id')}
            data-testid="tax-form-tax-id"
          />
          <TextInput
            label={t('tax.form.name')}
            description={t('tax.form.nameHint')}
            required
            maxLength={200}
            error={message('name')}
            {...form.register('name')}
            data-testid="tax-form-name"
          />
          <Textarea
            label={t('tax.form.address')}
            required
            autosize
            minRows={2}
            maxLength={500}
            error={message('address')}
            {...form.register('address')}
            data-testid="tax-form-address"
          />
          <TextInput
            label={t('tax.form.branch')}
            description={t('tax.form.branchHint')}
            inputMode="numeric"
            maxLength={5}
            error={message('branch')}
            {...form.register('branch')}
            data-testid="tax-form-branch"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('tax.form.cancel')}
            </Button>
            <Button type="submit" loading={request.isPending} data-testid="tax-form-submit">
              {t('tax.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
