import {
  ActionIcon,
  Button,
  Card,
  Divider,
  Group,
  Image,
  NumberInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { CartItem, CartUnavailableReason } from '@portal/contracts/shop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { formatCount } from '../../lib/i18n/numbers';
import { paths } from '../../lib/paths';
import type { Language } from '../../lib/preferences';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NoImage } from './components/no-image';
import { PackageAlone } from './components/package-alone';
import { SignedOut } from './components/signed-out';
import { useCart, useRemoveFromCart, useSetCartQuantity } from './api/cart';
import { useCommunityCatalog } from './api/catalog';
import {
  cartBadgeCount,
  formatMoney,
  guestCartTotal,
  lineTotal,
  linesToRemove,
  unavailableText,
} from './model/cart';
import { changeGuestLine, useGuestCart } from './model/guest-cart';
import { useShopContext } from './model/shop-context';

interface CartLineView {
  code: string;
  kind: CartItem['kind'];
  name: string;
  image: string | null;
  quantity: number;
  unitPrice: string;
  lineTotal: string | null;
  pv: number | null;
  available: boolean;
  reason: CartUnavailableReason | null;
}

/** /ecommerce/cart: the member's cart, or a guest's in a community shop. */
export default function CartPage() {
  const { t } = useTranslation('shop');
  useDocumentTitle(t('cart.title'));
  const ctx = useShopContext();
  return (
    <Stack gap="md">
      <Title order={2}>{t('cart.title')}</Title>
      {ctx.community ? <GuestCart shop={ctx.community} /> : ctx.signedIn ? <MemberCart /> : <SignedOut />}
    </Stack>
  );
}

function MemberCart() {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  const cart = useCart(true, ctx.lang);
  const setQuantity = useSetCartQuantity();
  const remove = useRemoveFromCart();
  const [keeping, setKeeping] = useState(false);
  if (cart.isPending) return <PageLoader />;
  if (cart.isError)
    return <ErrorAlert error={cart.error} title={t('cart.failed')} onRetry={() => void cart.refetch()} />;
  const c = cart.data;
  return (
    <CartView
      lang={ctx.lang}
      lines={c.items.map((i) => ({
        code: i.product_code,
        kind: i.kind,
        name: i.name,
        image: i.image,
        quantity: i.quantity,
        unitPrice: i.unit_price,
        lineTotal: i.line_total,
        pv: i.pv_per_unit,
        available: i.available,
        reason: i.unavailable_reason,
      }))}
      subtotal={c.subtotal}
      pvTotal={c.pv_total}
      packageAlone={c.package_with_products}
      onKeep={(keep) => {
        // One line at a time: each answer is the cart as it then stands.
        setKeeping(true);
        void (async () => {
          try {
            for (const code of linesToRemove(c.items, keep)) await remove.mutateAsync(code);
          } finally {
            setKeeping(false);
          }
        })();
      }}
      onQuantity={(code, quantity) => setQuantity.mutate({ code, quantity })}
      onRemove={(code) => remove.mutate(code)}
      checkoutTo={paths.ecommerceCheckout.href()}
      busy={setQuantity.isPending || remove.isPending || keeping}
    />
  );
}

function GuestCart({ shop }: { shop: string }) {
  const ctx = useShopContext();
  const lines = useGuestCart(shop);
  const catalog = useCommunityCatalog(shop, {}, ctx.lang);
  if (catalog.isPending) return <PageLoader />;
  if (catalog.isError) return <ErrorAlert error={catalog.error} onRetry={() => void catalog.refetch()} />;
  const views: CartLineView[] = [];
  for (const line of lines) {
    const p = catalog.data.items.find((x) => x.code === line.code);
    if (!p) continue;
    views.push({
      code: p.code,
      kind: p.kind,
      name: p.name,
      image: p.images[0]?.thumbnail_url ?? null,
      quantity: line.quantity,
      unitPrice: p.selling_price,
      lineTotal: lineTotal(p.selling_price, line.quantity),
      pv: null,
      available: p.in_stock && (p.stock === null || p.stock >= line.quantity),
      reason: p.in_stock && (p.stock === null || p.stock >= line.quantity) ? null : 'out_of_stock',
    });
  }
  return (
    <CartView
      lang={ctx.lang}
      lines={views}
      subtotal={guestCartTotal(views.map((v) => ({ price: v.unitPrice, quantity: v.quantity })))}
      pvTotal={null}
      packageAlone={false}
      onKeep={null}
      onQuantity={(code, quantity) => changeGuestLine(shop, code, quantity, 'set')}
      onRemove={(code) => changeGuestLine(shop, code, 0, 'set')}
      checkoutTo={paths.ecommerceCheckout.href(shop)}
      busy={false}
    />
  );
}

function CartView({
  lang,
  lines,
  subtotal,
  pvTotal,
  packageAlone,
  onKeep,
  onQuantity,
  onRemove,
  checkoutTo,
  busy,
}: {
  lang: Language;
  lines: CartLineView[];
  subtotal: string | null;
  pvTotal: number | null;
  /** a package beside other lines: bought on its own, so the checkout waits for a choice */
  packageAlone: boolean;
  onKeep: ((keep: 'package' | 'products') => void) | null;
  onQuantity: (code: string, quantity: number) => void;
  onRemove: (code: string) => void;
  checkoutTo: string;
  busy: boolean;
}) {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  if (lines.length === 0)
    return (
      <Stack gap="sm" align="flex-start">
        <Text c="dimmed">{t('cart.empty')}</Text>
        <Button component={Link} to={paths.ecommerce.href({ shop: ctx.community })} variant="light">
          {t('cart.continue')}
        </Button>
      </Stack>
    );
  const count = cartBadgeCount(lines);
  const pkg = packageAlone ? lines.find((l) => l.kind === 'PACKAGE') : undefined;
  return (
    <Stack gap="md">
      {pkg && <PackageAlone packageName={pkg.name} onKeep={onKeep} busy={busy} />}
      <Stack gap="xs">
        {lines.map((line) => (
          <Card key={line.code} withBorder padding="sm" data-testid={`cart-line-${line.code}`}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {line.image ? (
                <Image src={line.image} alt="" w={64} h={64} radius="sm" />
              ) : (
                <NoImage size={28} w={64} h={64} />
              )}
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} lineClamp={2}>
                  {line.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatMoney(line.unitPrice, lang)}
                  {line.pv !== null && ` · ${t('pv', { value: formatCount(line.pv, lang) })}`}
                </Text>
                {!line.available && (
                  <Text size="xs" c="red.7" data-testid={`cart-line-problem-${line.code}`}>
                    {t(unavailableText(line.reason))}
                  </Text>
                )}
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <NumberInput
                    aria-label={t('cart.quantity')}
                    value={line.quantity}
                    min={1}
                    max={line.kind === 'PACKAGE' ? 1 : 999}
                    w={84}
                    size="xs"
                    allowDecimal={false}
                    disabled={busy}
                    onChange={(v) => {
                      if (typeof v === 'number' && v >= 1 && v !== line.quantity) onQuantity(line.code, v);
                    }}
                  />
                  <Text size="sm" fw={600}>
                    {formatMoney(line.lineTotal, lang)}
                  </Text>
                </Group>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('cart.remove')}
                onClick={() => onRemove(line.code)}
                disabled={busy}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Card>
        ))}
      </Stack>
      <Card withBorder padding="md">
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm">{t('cart.items', { count })}</Text>
          </Group>
          {pvTotal !== null && (
            <Group justify="space-between">
              <Text size="sm">{t('cart.pvTotal')}</Text>
              <Text size="sm" fw={600} data-testid="cart-pv">
                {formatCount(pvTotal, lang)}
              </Text>
            </Group>
          )}
          <Divider />
          <Group justify="space-between">
            <Text fw={600}>{t('cart.subtotal')}</Text>
            <Text fw={700} fz="lg" data-testid="cart-subtotal">
              {formatMoney(subtotal, lang)}
            </Text>
          </Group>
          <Button
            component={Link}
            to={checkoutTo}
            mt="xs"
            fullWidth
            disabled={packageAlone || lines.some((l) => !l.available)}
            data-testid="cart-checkout"
          >
            {t('cart.checkout')}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
