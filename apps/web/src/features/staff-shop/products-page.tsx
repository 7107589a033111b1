import './staff-shop-namespace';
import {
  Badge,
  Button,
  Drawer,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { Product } from '@portal/contracts/shop';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { formatPoints } from '../../lib/i18n/numbers';
import { isLanguage } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useStaffProducts } from './api/products';
import { ProductForm } from './components/product-form';
import { useNarrow } from '../../lib/use-narrow';

/** /staff/products: the catalog for staff, active or not; create and edit products and bundles. */
export default function StaffProductsPage() {
  const { t, i18n } = useTranslation('staffshop');
  const lang = isLanguage(i18n.language) ? i18n.language : 'th';
  useDocumentTitle(t('products.title'));
  const [params, setParams] = useSearchParams();
  const filter = { q: params.get('q') ?? undefined, page: Math.max(1, Number(params.get('page')) || 1) };
  const [search, setSearch] = useState(filter.q ?? '');
  // undefined: closed; null: a new product; a product: editing it
  const [editing, setEditing] = useState<Product | null | undefined>(undefined);
  const products = useStaffProducts(filter, lang);
  // Below the table's width the rows become cards, so nothing is cut at the screen's edge.
  const phone = useNarrow('sm');
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setParams(search.trim() ? { q: search.trim() } : {});
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('products.title')}</Title>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing(null)}
          data-testid="product-new"
        >
          {t('products.new')}
        </Button>
      </Group>
      <form onSubmit={onSearch}>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            leftSection={<IconSearch size={16} />}
            aria-label={t('labels.search')}
            placeholder={t('products.search')}
            maxLength={100}
          />
          <Button type="submit">{t('labels.search')}</Button>
        </Group>
      </form>
      {products.isPending ? (
        <PageLoader />
      ) : products.isError ? (
        <ErrorAlert error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <ProductList items={products.data.items} lang={lang} phone={phone} onEdit={setEditing} />
      )}
      {products.data && products.data.pagination.last_page > 1 && (
        <Group justify="center">
          <Pagination
            total={products.data.pagination.last_page}
            value={filter.page}
            onChange={(page) => setParams({ ...(filter.q ? { q: filter.q } : {}), page: String(page) })}
            size="sm"
          />
        </Group>
      )}
      <Drawer
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        position="right"
        size="xl"
        title={editing ? editing.name : t('products.new')}
      >
        {editing !== undefined && (
          <ProductForm
            key={editing?.code ?? 'new'}
            product={editing}
            lang={lang}
            onSaved={(p) => setEditing(p)}
          />
        )}
      </Drawer>
    </Stack>
  );
}

/** The products as table rows, or as cards on a phone; a click edits one (packages follow the plan). */
function ProductList({
  items,
  lang,
  phone,
  onEdit,
}: {
  items: Product[];
  lang: 'th' | 'en';
  phone: boolean;
  onEdit: (product: Product) => void;
}) {
  const { t } = useTranslation('staffshop');
  const edit = (p: Product) => p.kind !== 'PACKAGE' && onEdit(p);
  const cursor = (p: Product) => (p.kind === 'PACKAGE' ? undefined : 'pointer');
  const baht = (v: string | null) => (v === null ? '–' : `฿${formatPoints(v, lang)}`);
  const name = (p: Product) => (
    <>
      <Text size="sm">{p.name}</Text>
      <Text size="xs" c="dimmed">
        {t(`products.kinds.${p.kind}`)} · {t(`products.categories.${p.category}`)}
      </Text>
    </>
  );
  const active = (p: Product) => (
    <Badge color={p.active ? 'teal' : 'gray'} variant="light">
      {p.active ? t('products.on') : t('products.off')}
    </Badge>
  );
  if (phone)
    return (
      <Stack gap="sm">
        {items.map((p) => (
          <Paper
            key={p.code}
            withBorder
            p="sm"
            radius="md"
            onClick={() => edit(p)}
            style={{ cursor: cursor(p) }}
            data-testid={`staff-product-${p.code}`}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {p.code}
              </Text>
              {active(p)}
            </Group>
            {name(p)}
            <SimpleGrid cols={3} spacing="xs" verticalSpacing={4} mt={6}>
              {(
                [
                  ['retailPrice', baht(p.retail_price)],
                  ['memberPrice', baht(p.member_price)],
                  ['stock', p.stock ?? '–'],
                  ['pv', p.pv_per_unit],
                  ['lvp', p.lvp_per_unit],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <Text size="xs" c="dimmed">
                    {t(`products.${label}`)}
                  </Text>
                  <Text size="sm">{value}</Text>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('products.code')}</Table.Th>
            <Table.Th>{t('products.name')}</Table.Th>
            <Table.Th ta="right">{t('products.retailPrice')}</Table.Th>
            <Table.Th ta="right">{t('products.memberPrice')}</Table.Th>
            <Table.Th ta="right">{t('products.pv')}</Table.Th>
            <Table.Th ta="right">{t('products.lvp')}</Table.Th>
            <Table.Th ta="right">{t('products.stock')}</Table.Th>
            <Table.Th>{t('products.active')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((p) => (
            <Table.Tr
              key={p.code}
              onClick={() => edit(p)}
              style={{ cursor: cursor(p) }}
              data-testid={`staff-product-${p.code}`}
            >
              <Table.Td>{p.code}</Table.Td>
              <Table.Td>{name(p)}</Table.Td>
              <Table.Td ta="right">{baht(p.retail_price)}</Table.Td>
              <Table.Td ta="right">{baht(p.member_price)}</Table.Td>
              <Table.Td ta="right">{p.pv_per_unit}</Table.Td>
              <Table.Td ta="right">{p.lvp_per_unit}</Table.Td>
              <Table.Td ta="right">{p.stock ?? '–'}</Table.Td>
              <Table.Td>{active(p)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
