import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import type { Address, AddressType } from '@portal/contracts/profile';
import { MSG } from '@portal/contracts/messages';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http/errors';
import { useDescribeError, useTranslateMessage } from '../../../lib/i18n/messages';
import type { Language } from '../../../lib/preferences';
import { useSaveAddress } from '../api/addresses';
import { useDistricts, useProvinces, useSubdistricts } from '../api/places';
import {
  addressBodyOf,
  changeCascade,
  formValuesOf,
  missingCascade,
  placeMatches,
  placeOptions,
  type AddressFormValues,
  type CascadeChange,
} from '../../../lib/address-cascade';
import { toastSaved } from './toasts';
import { useNarrow } from '../../../lib/use-narrow';

type Named = { id: number; name_th: string; name_en: string };

/** Mantine's filter, matching either language's name and the usual Thai prefixes. */
function filterBy(places: readonly Named[] | undefined): OptionsFilter {
  const byId = new Map((places ?? []).map((p) => [String(p.id), p]));
  return ({ options, search }) =>
    (options as ComboboxParsedItem[]).filter((o) => {
      if (!('value' in o)) return true;
      const place = byId.get(o.value);
      return place ? placeMatches(place, search) : o.label.toLowerCase().includes(search.toLowerCase());
    });
}

/** Where each level of the cascade keeps its choice (and its error) in the form. */
const LEVEL_FIELD = {
  province: 'cascade.provinceId',
  district: 'cascade.districtId',
  subdistrict: 'cascade.subdistrictId',
} as const;

/** The API's field names and the form's fields that show their messages. */
const SERVER_FIELDS = [
  ['number', 'number'],
  ['province_id', LEVEL_FIELD.province],
  ['district_id', LEVEL_FIELD.district],
  ['subdistrict_id', LEVEL_FIELD.subdistrict],
  ['post_code', 'cascade.postCode'],
  ['telephone', 'telephone'],
] as const;

/** Add or edit a home or shipping address: the Thai cascade picks province, district, sub-district. */
export function AddressForm({
  type,
  address,
  opened,
  onClose,
  lang,
}: {
  type: AddressType;
  address: Address | null;
  opened: boolean;
  onClose: () => void;
  lang: Language;
}) {
  const { t } = useTranslation('profile');
  const tm = useTranslateMessage();
  const describe = useDescribeError();
  const save = useSaveAddress();
  // On a phone the form takes the whole screen: the place lists need the room.
  const phone = useNarrow('xs');
  const form = useForm<AddressFormValues>({ defaultValues: formValuesOf(address) });
  const { errors } = form.formState;
  const cascade = form.watch('cascade');

  const provinces = useProvinces();
  const districts = useDistricts(cascade.provinceId);
  const subdistricts = useSubdistricts(cascade.districtId);
  const provinceOptions = useMemo(() => placeOptions(provinces.data, lang), [provinces.data, lang]);
  const districtOptions = useMemo(() => placeOptions(districts.data, lang), [districts.data, lang]);
  const subdistrictOptions = useMemo(() => placeOptions(subdistricts.data, lang), [subdistricts.data, lang]);

  const toId = (v: string | null) => (v ? Number(v) : null);
  /** A new choice at one level (which clears the levels below it) and its error gone. */
  const choose = (change: CascadeChange) => {
    form.setValue('cascade', changeCascade(form.getValues('cascade'), change));
    form.clearErrors(LEVEL_FIELD[change.level]);
  };

  const label = {
    province: t('address.form.province'),
    district: t('address.form.district'),
    subdistrict: t('address.form.subdistrict'),
  };

  // The messages are final text: the field's own, or the server's translated.
  const onSubmit = form.handleSubmit(async (values) => {
    let invalid = false;
    if (!values.number.trim()) {
      form.setError('number', { message: tm(MSG.required) }, { shouldFocus: true });
      invalid = true;
    }
    for (const level of missingCascade(values.cascade)) {
      form.setError(LEVEL_FIELD[level], { message: t('address.form.required', { field: label[level] }) });
      invalid = true;
    }
    if (invalid) return;
    try {
      await save.mutateAsync({ id: address?.id ?? null, body: addressBodyOf(type, values) });
      toastSaved(t('actions.saved'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError)
        for (const [name, field] of SERVER_FIELDS) {
          const message = tm(error.field(name));
          if (message) form.setError(field, { message });
        }
    }
  });

  const hasFieldError = Object.keys(errors).length > 0;
  const title =
    type === 'home'
      ? address
        ? t('address.form.editHome')
        : t('address.form.newHome')
      : address
        ? t('address.form.editShipping')
        : t('address.form.newShipping');

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered fullScreen={phone}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} data-testid="address-form">
        <Stack gap="md">
          {save.error && !hasFieldError && (
            <Alert color="red" variant="light" role="alert">
              {describe(save.error)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('address.form.number')}
              required
              error={errors.number?.message}
              data-testid="address-number"
              {...form.register('number')}
            />
            <TextInput
              label={t('address.form.building')}
              data-testid="address-building"
              {...form.register('building')}
            />
            <TextInput label={t('address.form.alley')} {...form.register('alley')} />
            <TextInput
              label={t('address.form.street')}
              data-testid="address-street"
              {...form.register('street')}
            />
            <Select
              label={label.province}
              required
              searchable
              placeholder={t('address.form.search')}
              nothingFoundMessage={t('address.form.nothingFound')}
              data={provinceOptions}
              filter={filterBy(provinces.data)}
              value={cascade.provinceId === null ? null : String(cascade.provinceId)}
              onChange={(v) => choose({ level: 'province', id: toId(v) })}
              error={
                errors.cascade?.provinceId?.message ??
                (provinces.error ? describe(provinces.error) : undefined)
              }
              maxDropdownHeight={260}
              comboboxProps={{ withinPortal: true }}
              data-testid="address-province"
            />
            <Select
              label={label.district}
              required
              searchable
              disabled={cascade.provinceId === null}
              placeholder={
                cascade.provinceId === null ? t('address.form.pickProvince') : t('address.form.search')
              }
              nothingFoundMessage={t('address.form.nothingFound')}
              data={districtOptions}
              filter={filterBy(districts.data)}
              value={cascade.districtId === null ? null : String(cascade.districtId)}
              onChange={(v) => choose({ level: 'district', id: toId(v) })}
              error={
                errors.cascade?.districtId?.message ??
                (districts.error ? describe(districts.error) : undefined)
              }
              maxDropdownHeight={260}
              data-testid="address-district"
            />
            <Select
              label={label.subdistrict}
              required
              searchable
              disabled={cascade.districtId === null}
              placeholder={
                cascade.districtId === null ? t('address.form.pickDistrict') : t('address.form.search')
              }
              nothingFoundMessage={t('address.form.nothingFound')}
              data={subdistrictOptions}
              filter={filterBy(subdistricts.data)}
              value={cascade.subdistrictId === null ? null : String(cascade.subdistrictId)}
              onChange={(v) =>
                choose({ level: 'subdistrict', id: toId(v), subdistricts: subdistricts.data ?? [] })
              }
              error={
                errors.cascade?.subdistrictId?.message ??
                (subdistricts.error ? describe(subdistricts.error) : undefined)
              }
              maxDropdownHeight={260}
              data-testid="address-subdistrict"
            />
            <TextInput
              label={t('address.form.postCode')}
              description={t('address.form.postCodeHint')}
              value={cascade.postCode}
              readOnly
              variant="filled"
              error={errors.cascade?.postCode?.message}
              data-testid="address-post-code"
            />
            <TextInput
              label={t('address.form.telephone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              error={errors.telephone?.message}
              data-testid="address-telephone"
              {...form.register('telephone')}
            />
          </SimpleGrid>
          {type === 'shipping' && !address?.is_default && (
            <Checkbox
              label={t('address.form.isDefault')}
              data-testid="address-default"
              {...form.register('is_default')}
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="address-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
