import { AspectRatio, Badge, Button, Card, Image, Stack, Text } from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import type { Product } from '@portal/contracts/shop';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import type { Language } from '../../../lib/preferences';
import { NoImage } from './no-image';
import { ProductPrice } from './price';

export function ProductCard({
  product,
  lang,
  shop,
  sellingPrice,
  onAdd,
  adding,
  first = false,
}: {
  product: Product;
  lang: Language;
  shop: string | null;
  sellingPrice?: string | null;
  /** null: the viewer cannot buy here (a visitor in the member shop) */
  onAdd: (() => void) | null;
  adding?: boolean;
  /** among the cards on screen when the page opens: the picture loads at once, not lazily */
  first?: boolean;
}) {
  const { t } = useTranslation('shop');
  const image = product.images[0];
  const to = paths.ecommerceProduct.href(product.code, shop);
  return (
    <Card withBorder padding="sm" radius="md" data-testid={`product-card-${product.code}`}>
      <Card.Section component={Link} to={to} aria-label={product.name}>
        <AspectRatio ratio={1}>
          {image ? (
            <Image
              src={image.thumbnail_url}
              alt=""
              loading={first ? 'eager' : 'lazy'}
              fetchPriority={first ? 'high' : 'auto'}
            />
          ) : (
            <NoImage size={48} />
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        {product.kind !== 'PRODUCT' && (
          <Badge size="xs" variant="light" color={product.kind === 'PACKAGE' ? 'grape' : 'orange'}>
            {t(`kinds.${product.kind}`)}
          </Badge>
        )}
        <Text component={Link} to={to} fw={600} size="sm" lineClamp={2} c="inherit" td="none">
          {product.name}
        </Text>
        <ProductPrice product={product} lang={lang} sellingPrice={sellingPrice} size="sm" />
        {!product.in_stock && (
          <Text size="xs" c="red.7">
            {t('outOfStock')}
          </Text>
        )}
      </Stack>
      {onAdd && (
        <Button
          mt="sm"
          size="xs"
          fullWidth
          leftSection={<IconShoppingCartPlus size={16} />}
          disabled={!product.in_stock}
          loading={adding}
          onClick={onAdd}
          data-testid={`add-${product.code}`}
        >
          {t('addToCart')}
        </Button>
      )}
    </Card>
  );
}
