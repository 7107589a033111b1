import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import type { Address, AddressType } from '@portal/contracts/profile';
import { MSG } from '@portal/contracts/messages';
import { useMemo, useState } from 'react';
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

type FieldErrors = Partial<
  Record<'number' | 'province' | 'district' | 'subdistrict' | 'telephone' | 'post_code', string>
>;

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
  const [values, setValues] = useState<AddressFormValues>(() => formValuesOf(address));
  const [errors, setErrors] = useState<FieldErrors>({});
  const { cascade } = values;

  const provinces = useProvinces();
  const districts = useDistricts(cascade.provinceId);
  const subdistricts = useSubdistricts(cascade.districtId);
  const provinceOptions = useMemo(() => placeOptions(provinces.data, lang), [provinces.data, lang]);
  const districtOptions = useMemo(() => placeOptions(districts.data, lang), [districts.data, lang]);
  const subdistrictOptions = useMemo(() => placeOptions(subdistricts.data, lang), [subdistricts.data, lang]);

  const set = <K extends keyof AddressFormValues>(key: K, value: AddressFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const toId = (v: string | null) => (v ? Number(v) : null);

  const label = {
    province: t('address.form.province'),
    district: t('address.form.district'),
    subdistrict: t('address.form.subdistrict'),
  };

  const submit = async () => {
    const next: FieldErrors = {};
    if (!values.number.trim()) next.number = tm(MSG.required);
    for (const level of missingCascade(cascade))
      next[level] = t('address.form.required', { field: label[level] });
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await save.mutateAsync({ id: address?.id ?? null, body: addressBodyOf(type, values) });
      toastSaved(t('actions.saved'));
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        const fromServer: FieldErrors = {
          number: tm(error.field('number')),
          province: tm(error.field('province_id')),
          district: tm(error.field('district_id')),
          subdistrict: tm(error.field('subdistrict_id')),
          post_code: tm(error.field('post_code')),
          telephone: tm(error.field('telephone')),
        };
        setErrors(Object.fromEntries(Object.entries(fromServer).filter(([, v]) => v)) as FieldErrors);
      }
    }
  };

  const hasFieldError = Object.values(errors).some(Boolean);
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
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        data-testid="address-form"
      >
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
              value={values.number}
              onChange={(e) => set('number', e.currentTarget.value)}
              error={errors.number}
              data-testid="address-number"
            />
            <TextInput
              label={t('address.form.building')}
              value={values.building}
              onChange={(e) => set('building', e.currentTarget.value)}
              data-testid="address-building"
            />
            <TextInput
              label={t('address.form.alley')}
              value={values.alley}
              onChange={(e) => set('alley', e.currentTarget.value)}
            />
            <TextInput
              label={t('address.form.street')}
              value={values.street}
              onChange={(e) => set('street', e.currentTarget.value)}
              data-testid="address-street"
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
              onChange={(v) => {
                setValues((s) => ({
                  ...s,
                  cascade: changeCascade(s.cascade, { level: 'province', id: toId(v) }),
                }));
                setErrors((e) => ({ ...e, province: undefined }));
              }}
              error={errors.province ?? (provinces.error ? describe(provinces.error) : undefined)}
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
              onChange={(v) => {
                setValues((s) => ({
                  ...s,
                  cascade: changeCascade(s.cascade, { level: 'district', id: toId(v) }),
                }));
                setErrors((e) => ({ ...e, district: undefined }));
              }}
              error={errors.district ?? (districts.error ? describe(districts.error) : undefined)}
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
              onChange={(v) => {
                setValues((s) => ({
                  ...s,
                  cascade: changeCascade(s.cascade, {
                    level: 'subdistrict',
                    id: toId(v),
                    subdistricts: subdistricts.data ?? [],
                  }),
                }));
                setErrors((e) => ({ ...e, subdistrict: undefined }));
              }}
              error={errors.subdistrict ?? (subdistricts.error ? describe(subdistricts.error) : undefined)}
              maxDropdownHeight={260}
              data-testid="address-subdistrict"
            />
            <TextInput
              label={t('address.form.postCode')}
              description={t('address.form.postCodeHint')}
              value={cascade.postCode}
              readOnly
              variant="filled"
              error={errors.post_code}
              data-testid="address-post-code"
            />
            <TextInput
              label={t('address.form.telephone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={values.telephone}
              onChange={(e) => set('telephone', e.currentTarget.value)}
              error={errors.telephone}
              data-testid="address-telephone"
            />
          </SimpleGrid>
          {type === 'shipping' && !address?.is_default && (
            <Checkbox
              label={t('address.form.isDefault')}
              checked={values.is_default}
              onChange={(e) => set('is_default', e.currentTarget.checked)}
              data-testid="address-default"
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
