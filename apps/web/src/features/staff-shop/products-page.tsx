import './staff-shop-namespace';
import { Badge, Button, Drawer, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { Page } from '@portal/contracts/paging';
import type { Product } from '@portal/contracts/shop';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pagingOf, RecordTable } from '../../components/record-table';
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
        <ProductList
          list={products.data}
          page={filter.page}
          onPage={(page) => setParams({ ...(filter.q ? { q: filter.q } : {}), page: String(page) })}
          lang={lang}
          onEdit={setEditing}
        />
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
  list,
  page,
  onPage,
  lang,
  onEdit,
}: {
  list: Page<Product>;
  page: number;
  onPage: (page: number) => void;
  lang: 'th' | 'en';
  onEdit: (product: Product) => void;
}) {
  const { t } = useTranslation('staffshop');
  const baht = (v: string | null) => (v === null ? '–' : `฿${formatPoints(v, lang)}`);
  /** A right-aligned figure: an amount in baht, a count as it is. */
  const figure = <K extends 'retail_price' | 'member_price' | 'pv_per_unit' | 'lvp_per_unit' | 'stock'>(
    accessor: K,
    title: string,
    show: (v: Product[K]) => ReactNode = (v) => v ?? '–',
  ) => ({ accessor, title, textAlign: 'right' as const, render: (p: Product) => show(p[accessor]) });
  return (
    <RecordTable<Product>
      data-testid="staff-products"
      idAccessor="code"
      records={list.items}
      onRecordClick={onEdit}
      clickable={(p) => p.kind !== 'PACKAGE'}
      recordAttributes={(p) => ({ 'data-testid': `staff-product-${p.code}` })}
      {...pagingOf(list, page, onPage)}
      cardTitle={(p) => (
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          {p.code}
          <Active product={p} />
        </Group>
      )}
      columns={[
        { accessor: 'code', title: t('products.code') },
        {
          accessor: 'name',
          title: t('products.name'),
          render: (p) => (
            <>
              <Text size="sm">{p.name}</Text>
              <Text size="xs" c="dimmed">
                {t(`products.kinds.${p.kind}`)} · {t(`products.categories.${p.category}`)}
              </Text>
            </>
          ),
        },
        figure('retail_price', t('products.retailPrice'), baht),
        figure('member_price', t('products.memberPrice'), baht),
        figure('pv_per_unit', t('products.pv')),
        figure('lvp_per_unit', t('products.lvp')),
        figure('stock', t('products.stock')),
        // On a card the badge is beside the code.
        {
          accessor: 'active',
          title: t('products.active'),
          card: false,
          render: (p) => <Active product={p} />,
        },
      ]}
    />
  );
}

function Active({ product: p }: { product: Product }) {
  const { t } = useTranslation('staffshop');
  return (
    <Badge color={p.active ? 'teal' : 'gray'} variant="light">
      {p.active ? t('products.on') : t('products.off')}
    </Badge>
  );
}
