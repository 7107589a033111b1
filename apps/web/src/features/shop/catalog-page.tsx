import {
  AspectRatio,
  Button,
  Card,
  Chip,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { PRODUCT_CATEGORIES, type Product, type ProductCategory } from '@portal/contracts/shop';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { useDescribeError } from '../../lib/i18n/messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAddToCart } from './api/cart';
import { useCatalog, useCommunityCatalog, type CatalogFilter } from './api/catalog';
import { PackageOffer } from './components/package-offer';
import { ProductCard } from './components/product-card';
import { changeGuestLine } from './model/guest-cart';
import { useShopContext } from './model/shop-context';

const isCategory = (v: string | null): v is ProductCategory =>
  (PRODUCT_CATEGORIES as readonly string[]).includes(v ?? '');

/** /ecommerce: the catalog with search and categories (a community shop shows its own prices). */
export default function CatalogPage() {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  useDocumentTitle(ctx.communityName ? t('communityTitle', { name: ctx.communityName }) : t('title'));
  const [params, setParams] = useSearchParams();
  const category = params.get('category');
  const filter: CatalogFilter = {
    q: params.get('q') ?? undefined,
    category: isCategory(category) ? category : undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const [search, setSearch] = useState(filter.q ?? '');
  const update = (next: Record<string, string | undefined>) =>
    setParams((p) => {
      for (const [k, v] of Object.entries(next))
        if (v) p.set(k, v);
        else p.delete(k);
      return p;
    });
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: search.trim() || undefined, page: undefined });
  };

  return (
    <Stack gap="md">
      <Title order={2}>
        {ctx.communityName ? t('communityTitle', { name: ctx.communityName }) : t('title')}
      </Title>
      {ctx.signedIn && !ctx.community && <PackageOffer lang={ctx.lang} />}
      {!ctx.community && (
        <form onSubmit={onSearch} role="search">
          <Group gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              placeholder={t('search')}
              aria-label={t('search')}
              leftSection={<IconSearch size={16} />}
              maxLength={100}
              data-testid="shop-search"
            />
            <Button type="submit">{t('searchButton')}</Button>
          </Group>
        </form>
      )}
      <Chip.Group
        value={filter.category ?? 'all'}
        onChange={(v) => update({ category: v === 'all' ? undefined : String(v), page: undefined })}
      >
        <Group gap={6} wrap="wrap">
          <Chip value="all" size="sm">
            {t('allCategories')}
          </Chip>
          {PRODUCT_CATEGORIES.filter((c) => !ctx.community || c !== 'package').map((c) => (
            <Chip key={c} value={c} size="sm" data-testid={`category-${c}`}>
              {t(`categories.${c}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {ctx.community ? (
        <CommunityGrid shop={ctx.community} filter={filter} />
      ) : (
        <MemberGrid filter={filter} onPage={(page) => update({ page: String(page) })} />
      )}
    </Stack>
  );
}

function MemberGrid({ filter, onPage }: { filter: CatalogFilter; onPage: (page: number) => void }) {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  const catalog = useCatalog(filter, ctx.lang);
  const add = useAddToCart();
  const describe = useDescribeError();
  if (catalog.isPending) return <GridLoader />;
  if (catalog.isError) return <ErrorAlert error={catalog.error} onRetry={() => void catalog.refetch()} />;
  const { items, pagination } = catalog.data;
  const onAdd = (p: Product) =>
    add.mutate(
      { code: p.code },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('added') }),
        onError: (error) => notifications.show({ color: 'red', message: describe(error) }),
      },
    );
  return (
    <Stack gap="md">
      {!ctx.signedIn && (
        <Text size="sm" c="dimmed">
          {t('signInToBuy')}
        </Text>
      )}
      <Grid
        products={items}
        render={(p, i) => (
          <ProductCard
            key={p.code}
            product={p}
            lang={ctx.lang}
            shop={null}
            first={i < FIRST_ROW}
            onAdd={ctx.signedIn ? () => onAdd(p) : null}
            adding={add.isPending && add.variables.code === p.code}
          />
        )}
      />
      {pagination.last_page > 1 && (
        <Group justify="center">
          <Pagination total={pagination.last_page} value={pagination.page} onChange={onPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}

function CommunityGrid({ shop, filter }: { shop: string; filter: CatalogFilter }) {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  const catalog = useCommunityCatalog(shop, filter, ctx.lang);
  if (catalog.isPending) return <GridLoader />;
  if (catalog.isError) return <ErrorAlert error={catalog.error} onRetry={() => void catalog.refetch()} />;
  return (
    <Grid
      products={catalog.data.items}
      render={(p, i) => (
        <ProductCard
          key={p.code}
          product={p}
          lang={ctx.lang}
          shop={shop}
          first={i < FIRST_ROW}
          sellingPrice={p.selling_price}
          onAdd={() => {
            changeGuestLine(shop, p.code, 1, 'add');
            notifications.show({ color: 'teal', message: t('added') });
          }}
        />
      )}
    />
  );
}

const COLS = { base: 2, sm: 3, md: 4 };
const SPACING = { base: 'xs', sm: 'md' };
/** The cards a screen shows first (a phone's two rows, a desktop's row): their pictures load at once. */
const FIRST_ROW = 4;

/**
 * While the catalog loads, cards of the same shape hold its place: with a spinner in a short box,
 * the page's footer stood where the products then came and was pushed away (Lighthouse, mobile:
 * layout shift 0.18 on /ecommerce).
 */
function GridLoader() {
  const { t } = useTranslation('common');
  return (
    <SimpleGrid cols={COLS} spacing={SPACING} role="status" aria-label={t('loading')} aria-busy>
      {Array.from({ length: 8 }, (_, i) => (
        <Card key={i} withBorder padding="sm" radius="md">
          <Card.Section>
            <AspectRatio ratio={1}>
              <Skeleton radius={0} />
            </AspectRatio>
          </Card.Section>
          <Stack gap={6} mt="sm">
            <Skeleton height={14} width="80%" />
            <Skeleton height={12} width="50%" />
            <Skeleton height={16} width="60%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Grid<P extends Product>({
  products,
  render,
}: {
  products: P[];
  render: (p: P, index: number) => React.ReactNode;
}) {
  const { t } = useTranslation('shop');
  if (products.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('noProducts')}
      </Text>
    );
  return (
    <SimpleGrid cols={COLS} spacing={SPACING}>
      {products.map((p, i) => render(p, i))}
    </SimpleGrid>
  );
}
