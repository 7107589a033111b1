import {
  ActionIcon,
  Button,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  Image,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  MAX_POINTS_PER_UNIT,
  PRODUCT_CATEGORIES,
  type Product,
  type ProductCategory,
} from '@portal/contracts/shop';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import type { Language } from '../../../lib/preferences';
import { useAllProducts, useProductImage, useSaveProduct } from '../api/products';

interface Draft {
  code: string;
  kind: 'PRODUCT' | 'BUNDLE';
  category: ProductCategory;
  name_th: string;
  name_en: string;
  description_th: string;
  description_en: string;
  retail_price: string;
  member_price: string;
  pv_per_unit: number;
  lvp_per_unit: number;
  stock: number;
  active: boolean;
  bundle_items: { product_code: string; quantity: number }[];
}

const draftOf = (p: Product | null): Draft => ({
  code: p?.code ?? '',
  kind: p?.kind === 'BUNDLE' ? 'BUNDLE' : 'PRODUCT',
  category: p?.category ?? 'health',
  name_th: p?.name_th ?? '',
  name_en: p?.name_en ?? '',
  description_th: p?.description_th ?? '',
  description_en: p?.description_en ?? '',
  retail_price: p?.retail_price ?? '',
  member_price: p?.member_price ?? '',
  pv_per_unit: p?.pv_per_unit ?? 0,
  lvp_per_unit: p?.lvp_per_unit ?? 0,
  stock: p?.stock ?? 0,
  active: p?.active ?? true,
  bundle_items: p?.bundle_items.map((b) => ({ product_code: b.code, quantity: b.quantity })) ?? [],
});

const int = (v: string | number) => (typeof v === 'number' ? Math.max(0, Math.trunc(v)) : 0);

type TextField =
  'code' | 'name_th' | 'name_en' | 'description_th' | 'description_en' | 'retail_price' | 'member_price';
type WholeField = 'pv_per_unit' | 'lvp_per_unit' | 'stock';

/** Create or edit a product or bundle: names, prices, PV, LVP, stock, active, parts and pictures. */
export function ProductForm({
  product,
  lang,
  onSaved,
}: {
  product: Product | null;
  lang: Language;
  onSaved: (p: Product) => void;
}) {
  const { t } = useTranslation('staffshop');
  const [d, setD] = useState<Draft>(() => draftOf(product));
  const save = useSaveProduct();
  const all = useAllProducts(lang);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setD((x) => ({ ...x, [key]: value }));
  const creating = product === null;
  /** A text field's value and change (`clean` tidies what is typed). */
  const text = (key: TextField, clean = (s: string) => s) => ({
    value: d[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(key, clean(e.currentTarget.value)),
  });
  /** A price, in baht as decimal text ("120.00"): required, trimmed. */
  const price = (key: 'retail_price' | 'member_price') => ({
    ...text(key, (s) => s.trim()),
    inputMode: 'decimal' as const,
    required: true,
    placeholder: '0.00',
  });
  /** A whole-number field of 0 or more: its value, change and bounds (PV and LVP per unit have a ceiling). */
  const whole = (key: WholeField) => ({
    value: d[key],
    onChange: (v: string | number) => set(key, int(v)),
    min: 0,
    max: key === 'stock' ? undefined : MAX_POINTS_PER_UNIT,
    allowDecimal: false,
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { code, kind, bundle_items, ...fields } = d;
    // Only a bundle holds other products: a product's body carries no parts at all.
    const body = kind === 'BUNDLE' ? { ...fields, bundle_items } : fields;
    save.mutate(
      { code, create: creating ? { ...body, code, kind } : null, update: body },
      {
        onSuccess: (p) => {
          notifications.show({ color: 'teal', message: t('orders.done') });
          onSaved(p);
        },
      },
    );
  };
  const parts = (all.data?.items ?? [])
    .filter((p) => p.kind === 'PRODUCT' && p.code !== d.code)
    .map((p) => ({ value: p.code, label: `${p.code} · ${p.name}` }));

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('products.code')}
            {...text('code', (s) => s.toUpperCase())}
            disabled={!creating}
            required
            maxLength={32}
            data-testid="product-code"
          />
          <Select
            label={t('products.kind')}
            data={[
              { value: 'PRODUCT', label: t('products.kinds.PRODUCT') },
              { value: 'BUNDLE', label: t('products.kinds.BUNDLE') },
            ]}
            value={d.kind}
            onChange={(v) => set('kind', v === 'BUNDLE' ? 'BUNDLE' : 'PRODUCT')}
            disabled={!creating}
            allowDeselect={false}
          />
          <Select
            label={t('products.category')}
            data={PRODUCT_CATEGORIES.filter((c) => c !== 'package').map((c) => ({
              value: c,
              label: t(`products.categories.${c}`),
            }))}
            value={d.category}
            onChange={(v) => v && set('category', v as ProductCategory)}
            allowDeselect={false}
          />
          <Checkbox
            mt={{ sm: 'xl' }}
            label={t('products.active')}
            checked={d.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          <TextInput
            label={t('products.nameTh')}
            {...text('name_th')}
            required
            maxLength={200}
            data-testid="product-name-th"
          />
          <TextInput
            label={t('products.nameEn')}
            {...text('name_en')}
            required
            maxLength={200}
            data-testid="product-name-en"
          />
          <Textarea
            label={t('products.descriptionTh')}
            {...text('description_th')}
            maxLength={4000}
            autosize
            minRows={2}
          />
          <Textarea
            label={t('products.descriptionEn')}
            {...text('description_en')}
            maxLength={4000}
            autosize
            minRows={2}
          />
          <TextInput
            label={t('products.retailPrice')}
            {...price('retail_price')}
            data-testid="product-retail"
          />
          <TextInput
            label={t('products.memberPrice')}
            {...price('member_price')}
            data-testid="product-member"
          />
          <NumberInput label={t('products.pv')} {...whole('pv_per_unit')} data-testid="product-pv" />
          <NumberInput label={t('products.lvp')} {...whole('lvp_per_unit')} />
          <NumberInput label={t('products.stock')} {...whole('stock')} data-testid="product-stock" />
        </SimpleGrid>

        {d.kind === 'BUNDLE' && (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t('products.parts')}
            </Text>
            {d.bundle_items.map((item, i) => (
              <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
                <Select
                  style={{ flex: 1 }}
                  data={parts}
                  value={item.product_code || null}
                  searchable
                  onChange={(v) =>
                    set(
                      'bundle_items',
                      d.bundle_items.map((b, j) => (j === i ? { ...b, product_code: v ?? '' } : b)),
                    )
                  }
                  aria-label={t('products.part')}
                />
                <NumberInput
                  w={80}
                  value={item.quantity}
                  min={1}
                  allowDecimal={false}
                  aria-label={t('products.quantity')}
                  onChange={(v) =>
                    set(
                      'bundle_items',
                      d.bundle_items.map((b, j) => (j === i ? { ...b, quantity: Math.max(1, int(v)) } : b)),
                    )
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('products.removePart')}
                  onClick={() =>
                    set(
                      'bundle_items',
                      d.bundle_items.filter((_, j) => j !== i),
                    )
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() => set('bundle_items', [...d.bundle_items, { product_code: '', quantity: 1 }])}
            >
              {t('products.addPart')}
            </Button>
          </Stack>
        )}

        {save.isError && <ErrorAlert error={save.error} />}
        <Button type="submit" loading={save.isPending} w="fit-content" data-testid="product-save">
          {creating ? t('products.create') : t('products.save')}
        </Button>
        {product && <Pictures product={product} />}
      </Stack>
    </form>
  );
}

function Pictures({ product }: { product: Product }) {
  const { t } = useTranslation('staffshop');
  const { add, remove } = useProductImage(product.code);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('products.pictures')}
      </Text>
      <Group gap="xs">
        {product.images.map((img) => (
          <div key={img.id} style={{ position: 'relative' }}>
            <Image src={img.thumbnail_url} alt="" w={96} h={96} radius="sm" />
            <CloseButton
              size="sm"
              style={{ position: 'absolute', top: 2, right: 2, background: 'white' }}
              aria-label={t('products.removePicture')}
              onClick={() => remove.mutate(img.id)}
            />
          </div>
        ))}
      </Group>
      {(add.isError || remove.isError) && <ErrorAlert error={add.error ?? remove.error} />}
      <FileButton onChange={(f) => f && add.mutate(f)} accept="image/png,image/jpeg,image/gif,image/webp">
        {(props) => (
          <Button {...props} variant="default" size="xs" w="fit-content" loading={add.isPending}>
            {t('products.addPicture')}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}
