import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconStar } from '@tabler/icons-react';
import type { Address, AddressType } from '@portal/contracts/profile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useDescribeError } from '../../../lib/i18n/messages';
import type { Language } from '../../../lib/preferences';
import { useAddresses } from '../../../lib/addresses';
import { useDeleteAddress, useSaveAddress } from '../api/addresses';
import { formatAddress } from '../../../lib/address-cascade';
import { AddressForm } from './address-form';
import { ConfirmDelete } from './confirm-delete';
import { SectionCard } from './section-card';
import { toastSaved } from './toasts';

interface Editing {
  type: AddressType;
  address: Address | null;
  /** a new key remounts the form with fresh values */
  key: number;
}

function AddressCard({
  address,
  lang,
  onEdit,
  canDelete,
}: {
  address: Address;
  lang: Language;
  onEdit: () => void;
  canDelete: boolean;
}) {
  const { t } = useTranslation('profile');
  const describe = useDescribeError();
  const remove = useDeleteAddress();
  const save = useSaveAddress();
  const error = remove.error ?? save.error;
  return (
    <Paper withBorder p="md" radius="md" data-testid={`address-${address.type}`} data-id={address.id}>
      <Stack gap={6}>
        {address.is_default && (
          <Group gap="xs">
            <Badge color="brand" variant="light" size="sm" leftSection={<IconStar size={12} />}>
              {t('address.default')}
            </Badge>
          </Group>
        )}
        <Text style={{ overflowWrap: 'anywhere' }} data-testid="address-text">
          {formatAddress(address, lang)}
        </Text>
        {address.telephone && (
          <Text size="sm" c="dimmed">
            {t('address.telephone', { phone: address.telephone })}
          </Text>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {describe(error)}
          </Text>
        )}
        <Group gap="xs" justify="flex-end" wrap="wrap">
          {address.type === 'shipping' && !address.is_default && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconStar size={14} />}
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { id: address.id, body: { is_default: true } },
                  { onSuccess: () => toastSaved(t('actions.saved')) },
                )
              }
              data-testid="address-make-default"
            >
              {t('address.makeDefault')}
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            data-testid="address-edit"
          >
            {t('actions.edit')}
          </Button>
          {canDelete && (
            <ConfirmDelete
              question={t('address.deleteQuestion')}
              loading={remove.isPending}
              onConfirm={() => remove.mutateAsync(address.id).then(() => toastSaved(t('actions.deleted')))}
              testId="address-delete"
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The home address (one, needed for KYC) and the shipping addresses (several, one default). */
export function AddressSections({ lang }: { lang: Language }) {
  const { t } = useTranslation('profile');
  const list = useAddresses();
  const [editing, setEditing] = useState<Editing | null>(null);
  const open = (type: AddressType, address: Address | null) =>
    setEditing((e) => ({ type, address, key: (e?.key ?? 0) + 1 }));

  const items = list.data?.items ?? [];
  const home = items.find((a) => a.type === 'home') ?? null;
  const shipping = items
    .filter((a) => a.type === 'shipping')
    .sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.id - b.id);

  const body = (content: ReactNode) =>
    list.error ? (
      <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
    ) : list.isPending ? (
      <Skeleton height={72} radius="md" />
    ) : (
      content
    );

  return (
    <>
      <SectionCard
        id="addresses"
        title={t('address.homeTitle')}
        actions={
          !home &&
          !list.isPending && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => open('home', null)}
              data-testid="address-add-home"
            >
              {t('address.addHome')}
            </Button>
          )
        }
      >
        {body(
          home ? (
            <AddressCard address={home} lang={lang} onEdit={() => open('home', home)} canDelete={false} />
          ) : (
            <Text c="dimmed" size="sm">
              {t('address.homeEmpty')}
            </Text>
          ),
        )}
      </SectionCard>

      <SectionCard
        id="shipping"
        title={t('address.shippingTitle')}
        actions={
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => open('shipping', null)}
            data-testid="address-add-shipping"
          >
            {t('address.addShipping')}
          </Button>
        }
      >
        {body(
          shipping.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('address.shippingEmpty')}
            </Text>
          ) : (
            <Stack gap="sm">
              {shipping.map((a) => (
                <AddressCard
                  key={a.id}
                  address={a}
                  lang={lang}
                  onEdit={() => open('shipping', a)}
                  canDelete
                />
              ))}
            </Stack>
          ),
        )}
      </SectionCard>

      {editing && (
        <AddressForm
          key={editing.key}
          type={editing.type}
          address={editing.address}
          opened
          onClose={() => setEditing(null)}
          lang={lang}
        />
      )}
    </>
  );
}
