import {
  ActionIcon,
  Button,
  Card,
  CopyButton,
  Group,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { SellingPrice } from '@portal/contracts/shop';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ShareLink } from '../../components/share/share-link';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { useSession } from '../../lib/auth/use-session';
import { formatDate } from '../../lib/i18n/dates';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useChooseSellingPrice, useCommunityOrders, useSellingPrices } from './api/my-shop';
import { OrderStatusBadge } from './components/order-status';
import { SignedOut } from './components/signed-out';
import { formatMoney, toSatang } from './model/cart';
import { useShopContext } from './model/shop-context';

/**
 * /ecommerce/my_shop: the member's community shop (plan 4.6): its link for customers, the selling
 * price of each product (between member and retail price; retail until chosen), and what guests
 * bought there.
 */
export default function MyShopPage() {
  const { t } = useTranslation('shop');
  useDocumentTitle(t('myShop.title'));
  const ctx = useShopContext();
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{t('myShop.title')}</Title>
      {ctx.signedIn ? (
        <>
          <ShopLink />
          <SellingPrices />
          <GuestOrders />
        </>
      ) : (
        <SignedOut />
      )}
    </Stack>
  );
}

function ShopLink() {
  const { t } = useTranslation('shop');
  const { user } = useSession();
  const code = user?.invitation_code;
  if (!code || !user?.member) return null;
  const url = `${window.location.origin}${paths.ecommerce.href({ shop: code })}`;
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Text fw={600}>{t('myShop.link')}</Text>
        <Text size="sm" c="dimmed">
          {t('myShop.linkHelp')}
        </Text>
        <TextInput
          value={url}
          readOnly
          aria-label={t('myShop.link')}
          data-testid="my-shop-link"
          rightSection={
            <CopyButton value={url} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('myShop.copied') : t('myShop.copy')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    onClick={copy}
                    aria-label={copied ? t('myShop.copied') : t('myShop.copy')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
        <ShareLink url={url} kind="shop" fileName={`shop-${code}`} testId="my-shop" />
      </Stack>
    </Card>
  );
}

function SellingPrices() {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  const prices = useSellingPrices(ctx.lang);
  if (prices.isPending) return <PageLoader />;
  if (prices.isError) return <ErrorAlert error={prices.error} onRetry={() => void prices.refetch()} />;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('myShop.prices')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('myShop.pricesHelp')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {prices.data.map((p) => (
          <PriceCard key={p.product_code} price={p} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Between the member price and the retail price, exactly (satang), as the server checks it. */
function inRange(text: string, p: SellingPrice): boolean {
  const v = /^\d{1,9}(\.\d{1,2})?$/.test(text.trim()) ? toSatang(text) : null;
  const low = toSatang(p.member_price);
  const high = toSatang(p.retail_price);
  return v !== null && low !== null && high !== null && v >= low && v <= high;
}

function PriceCard({ price: p }: { price: SellingPrice }) {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  const choose = useChooseSellingPrice();
  const [text, setText] = useState(p.selling_price);
  const [touched, setTouched] = useState(false);
  const valid = inRange(text, p);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (valid) choose.mutate({ code: p.product_code, price: text.trim() });
  };
  return (
    <Card withBorder padding="sm" data-testid={`price-${p.product_code}`}>
      <form onSubmit={onSubmit}>
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} size="sm" lh={1.5}>
              {p.name}
            </Text>
            <Text size="xs" c={p.custom ? 'brand.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
              {p.custom ? t('myShop.custom') : t('myShop.retailApplies')}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('myShop.range', {
              member: formatMoney(p.member_price, ctx.lang),
              retail: formatMoney(p.retail_price, ctx.lang),
            })}
          </Text>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={t('myShop.sellingPrice', { name: p.name })}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setTouched(true);
              }}
              inputMode="decimal"
              leftSection="฿"
              style={{ flex: 1 }}
              error={touched && !valid ? t('myShop.outOfRange') : undefined}
              data-testid={`price-input-${p.product_code}`}
            />
            <Button type="submit" size="sm" loading={choose.isPending} disabled={!valid}>
              {t('myShop.save')}
            </Button>
            {p.custom && (
              <Button
                variant="subtle"
                size="sm"
                onClick={() =>
                  choose.mutate(
                    { code: p.product_code, price: null },
                    { onSuccess: (r) => setText(r.selling_price) },
                  )
                }
              >
                {t('myShop.reset')}
              </Button>
            )}
          </Group>
          {choose.isError && <ErrorAlert error={choose.error} />}
          {choose.isSuccess && (
            <Text size="xs" c="green.8" role="status">
              {t('myShop.saved')}
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}

function GuestOrders() {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useCommunityOrders(page, ctx.lang);
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('myShop.orders')}
      </Title>
      {orders.isPending ? (
        <PageLoader />
      ) : orders.isError ? (
        <ErrorAlert error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('myShop.noOrders')}
        </Text>
      ) : (
        <>
          {orders.data.items.map((o) => (
            <Card key={o.order_no} withBorder padding="sm" data-testid={`guest-order-${o.order_no}`}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {o.order_no}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(o.created_at, ctx.lang, 'dateTime')} ·{' '}
                    {o.items.map((i) => `${i.product_name} × ${i.quantity}`).join(', ')}
                  </Text>
                </Stack>
                <Stack gap={4} align="flex-end">
                  <OrderStatusBadge status={o.status} />
                  <Text size="sm" fw={600}>
                    {formatMoney(o.total_amount, ctx.lang)}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
          {orders.data.pagination.last_page > 1 && (
            <Group justify="center">
              <Pagination
                total={orders.data.pagination.last_page}
                value={page}
                onChange={(p) => setParams({ page: String(p) })}
                size="sm"
              />
            </Group>
          )}
        </>
      )}
      <Button component={Link} to={paths.report.dropship.href()} variant="subtle" size="xs" w="fit-content">
        {t('myShop.income')}
      </Button>
    </Stack>
  );
}
