import {
  AspectRatio,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Image,
  List,
  NumberInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { useDescribeError } from '../../lib/i18n/messages';
import { formatCount } from '../../lib/i18n/numbers';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAddToCart } from './api/cart';
import { useCommunityCatalog, useProduct } from './api/catalog';
import { NoImage } from './components/no-image';
import { ProductPrice } from './components/price';
import { changeGuestLine } from './model/guest-cart';
import { useShopContext } from './model/shop-context';

/** /ecommerce/products/:productCode */
export default function ProductPage() {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  const code = useParams().productCode ?? '';
  const product = useProduct(code, ctx.lang);
  // A community shop's price comes from its own list.
  const community = useCommunityCatalog(ctx.community, {}, ctx.lang);
  const selling = ctx.community
    ? (community.data?.items.find((p) => p.code === code)?.selling_price ?? null)
    : null;
  const add = useAddToCart();
  const describe = useDescribeError();
  const [quantity, setQuantity] = useState(1);
  useDocumentTitle(product.data?.name ?? t('title'));

  const back = (
    <Anchor component={Link} to={paths.ecommerce.href({ shop: ctx.community })} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('backToShop')}
      </Group>
    </Anchor>
  );
  if (product.isPending) return <PageLoader />;
  if (product.isError)
    return (
      <Stack>
        {back}
        <ErrorAlert error={product.error} title={t('productNotFound')} />
      </Stack>
    );
  const p = product.data;
  const canBuy = ctx.community ? selling !== null : ctx.signedIn;
  const onAdd = () => {
    if (ctx.community) {
      changeGuestLine(ctx.community, p.code, quantity, 'add');
      notifications.show({ color: 'teal', message: t('added') });
      return;
    }
    add.mutate(
      { code: p.code, quantity },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: t('added') }),
        onError: (error) => notifications.show({ color: 'red', message: describe(error) }),
      },
    );
  };

  return (
    <Stack gap="md">
      {back}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Stack gap="xs">
            {p.images.map((img) => (
              <Image key={img.id} src={img.url} alt={p.name} radius="md" />
            ))}
            {p.images.length === 0 && (
              <AspectRatio ratio={1}>
                <NoImage size={96} />
              </AspectRatio>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm">
            <Group gap="xs">
              {/* A package's category is "packages": its kind's badge says it once. */}
              {!(p.kind === 'PACKAGE' && p.category === 'package') && (
                <Badge variant="light">{t(`categories.${p.category}`)}</Badge>
              )}
              {p.kind !== 'PRODUCT' && (
                <Badge variant="light" color="grape">
                  {t(`kinds.${p.kind}`)}
                </Badge>
              )}
            </Group>
            <Title order={2}>{p.name}</Title>
            <Text size="xs" c="dimmed">
              {p.code}
            </Text>
            <ProductPrice product={p} lang={ctx.lang} sellingPrice={selling} size="lg" />
            {p.lvp_per_unit !== null && p.lvp_per_unit > 0 && !ctx.community && (
              <Text size="xs" c="dimmed">
                {t('lvp', { value: formatCount(p.lvp_per_unit, ctx.lang) })}
              </Text>
            )}
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {p.description}
            </Text>
            {p.bundle_items.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('bundleOf')}
                </Text>
                <List size="sm">
                  {p.bundle_items.map((b) => (
                    <List.Item key={b.code}>
                      {b.name} × {b.quantity}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            )}
            <Text size="sm" c={p.in_stock ? 'dimmed' : 'red.7'}>
              {!p.in_stock ? t('outOfStock') : p.stock !== null ? t('inStock', { count: p.stock }) : null}
            </Text>
            {canBuy ? (
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <NumberInput
                  label={t('cart.quantity')}
                  value={quantity}
                  onChange={(v) => setQuantity(typeof v === 'number' && v >= 1 ? Math.min(999, v) : 1)}
                  min={1}
                  max={999}
                  w={100}
                  allowDecimal={false}
                />
                <Button
                  leftSection={<IconShoppingCartPlus size={18} />}
                  disabled={!p.in_stock}
                  loading={add.isPending}
                  onClick={onAdd}
                  data-testid="product-add"
                >
                  {t('addToCart')}
                </Button>
              </Group>
            ) : (
              !ctx.community && (
                <Button
                  component={Link}
                  to={paths.auth.login.href(paths.ecommerceProduct.href(p.code))}
                  variant="light"
                  w="fit-content"
                >
                  {t('signInToBuy')}
                </Button>
              )
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
