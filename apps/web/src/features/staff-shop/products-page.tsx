import './staff-shop-namespace';
import {
  Badge,
  Button,
  Drawer,
  Group,
  Pagination,
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
              {products.data.items.map((p) => (
                <Table.Tr
                  key={p.code}
                  onClick={() => p.kind !== 'PACKAGE' && setEditing(p)}
                  style={{ cursor: p.kind === 'PACKAGE' ? undefined : 'pointer' }}
                  data-testid={`staff-product-${p.code}`}
                >
                  <Table.Td>{p.code}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{p.name}</Text>
                    <Text size="xs" c="dimmed">
                      {t(`products.kinds.${p.kind}`)} · {t(`products.categories.${p.category}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">฿{formatPoints(p.retail_price, lang)}</Table.Td>
                  <Table.Td ta="right">฿{formatPoints(p.member_price, lang)}</Table.Td>
                  <Table.Td ta="right">{p.pv_per_unit}</Table.Td>
                  <Table.Td ta="right">{p.lvp_per_unit}</Table.Td>
                  <Table.Td ta="right">{p.stock ?? '–'}</Table.Td>
                  <Table.Td>
                    <Badge color={p.active ? 'teal' : 'gray'} variant="light">
                      {p.active ? t('products.on') : t('products.off')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
