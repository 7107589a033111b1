import { Alert, Button, Card, Checkbox, Select, Stack, Text, Title } from '@mantine/core';
import type { Address } from '@portal/contracts/profile';
import type { CheckoutBody, PaymentMethod } from '@portal/contracts/shop';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCart } from './api/cart';
import { useAddressBook, useBalances, useCheckout } from './api/orders';
import { useQuote } from './api/quote';
import { PackageAlone } from './components/package-alone';
import { PartPaymentFields } from './components/part-payment-fields';
import { DeliveryChoice, offered, PaymentChoice, type DeliveryMethod } from './components/checkout-choices';
import { QuoteAndPlace } from './components/quote-card';
import { SignedOut } from './components/signed-out';
import { GuestCheckout } from './guest-checkout';
import { newIdempotencyKey } from './model/cart';
import { checkPartPayment } from './model/part-payment';
import { useShopContext } from './model/shop-context';

function addressText(a: Address, lang: string): string {
  const place = (p: { name_th: string; name_en: string } | null, text: string | null) =>
    p ? (lang === 'th' ? p.name_th : p.name_en) : text;
  return [
    a.number,
    a.building,
    a.alley,
    a.street,
    place(a.subdistrict, a.subdistrict_name),
    place(a.district, a.district_name),
    place(a.province, a.province_name),
    a.post_code,
  ]
    .filter(Boolean)
    .join(' ');
}

/** /ecommerce/checkout: delivery and payment, the quote of what the order will charge, then the order. */
export default function CheckoutPage() {
  const { t } = useTranslation('shop');
  useDocumentTitle(t('checkout.title'));
  const ctx = useShopContext();
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t('checkout.title')}</Title>
      {ctx.community ? (
        <GuestCheckout shop={ctx.community} />
      ) : ctx.signedIn ? (
        <MemberCheckout />
      ) : (
        <SignedOut />
      )}
    </Stack>
  );
}

function MemberCheckout() {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  const navigate = useNavigate();
  const cart = useCart(true, ctx.lang);
  const book = useAddressBook(true);
  const balances = useBalances(true);
  const checkout = useCheckout();
  const [useLvp, setUseLvp] = useState('');
  const [usePoints, setUsePoints] = useState('');
  const [method, setMethod] = useState<DeliveryMethod>('shipping');
  const [addressId, setAddressId] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentMethod>(offered()[0] ?? 'demo');
  const [hold, setHold] = useState(false);
  // One key per attempt: a retry after a lost answer gets the same order back.
  const key = useMemo(() => newIdempotencyKey(), []);

  const addresses = book.data?.items ?? [];
  const chosen = addressId ?? String(addresses.find((a) => a.is_default)?.id ?? addresses[0]?.id ?? '');
  const repurchase = (cart.data?.items ?? []).every((i) => i.kind !== 'PACKAGE');
  const part = balances.data
    ? checkPartPayment({
        lvp: useLvp,
        points: usePoints,
        lvpBalance: balances.data.lvp,
        pointBalance: balances.data.points,
      })
    : null;
  const partInvalid = part !== null && Object.keys(part.errors).length > 0;
  // The body the order will be placed with; the quote asks the server what it charges.
  const body = useMemo<CheckoutBody | null>(
    () =>
      (method === 'shipping' && !chosen) || partInvalid || !cart.data?.items.length
        ? null
        : {
            delivery:
              method === 'pickup' ? { method: 'pickup' } : { method: 'shipping', address_id: Number(chosen) },
            payment_method: payment,
            hold_points: repurchase ? hold : false,
            use_lvp: part?.use_lvp ?? 0,
            use_points: part?.use_points ?? '0',
          },
    [method, chosen, partInvalid, cart.data, payment, repurchase, hold, part?.use_lvp, part?.use_points],
  );
  const quote = useQuote(body, ctx.lang, cart.data?.items);

  if (cart.isPending || book.isPending) return <PageLoader />;
  if (cart.isError) return <ErrorAlert error={cart.error} title={t('cart.failed')} />;
  if (book.isError) return <ErrorAlert error={book.error} />;

  if (cart.data.items.length === 0)
    return (
      <Stack align="flex-start">
        <Text c="dimmed">{t('cart.empty')}</Text>
        <Button component={Link} to={paths.ecommerce.href()} variant="light">
          {t('cart.continue')}
        </Button>
      </Stack>
    );

  // A package is bought on its own: say so here too, and lead back to the cart to choose.
  if (cart.data.package_with_products)
    return (
      <PackageAlone
        packageName={cart.data.items.find((i) => i.kind === 'PACKAGE')?.name ?? ''}
        onKeep={null}
      />
    );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!body) return;
    checkout.mutate(
      { key, body },
      {
        onSuccess: (r) =>
          void navigate(paths.ecommerceOrder.href(r.order.order_no), { state: { placed: true } }),
      },
    );
  };

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="md">
        <Card withBorder>
          <Stack gap="sm">
            <DeliveryChoice value={method} onChange={setMethod} />
            {method === 'shipping' &&
              (addresses.length === 0 ? (
                <Alert color="yellow" variant="light">
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{t('checkout.noAddress')}</Text>
                    <Button component={Link} to={paths.profile.href('addresses')} size="xs" variant="light">
                      {t('checkout.addAddress')}
                    </Button>
                  </Stack>
                </Alert>
              ) : (
                <Select
                  label={t('checkout.address')}
                  data={addresses.map((a) => ({ value: String(a.id), label: addressText(a, ctx.lang) }))}
                  value={chosen}
                  onChange={setAddressId}
                  allowDeselect={false}
                  data-testid="checkout-address"
                />
              ))}
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="sm">
            <PaymentChoice value={payment} onChange={setPayment} />
            {balances.data && part && (balances.data.lvp !== 0 || balances.data.points !== '0.00') && (
              <PartPaymentFields
                balances={balances.data}
                part={part}
                lvp={useLvp}
                points={usePoints}
                onLvp={setUseLvp}
                onPoints={setUsePoints}
                lang={ctx.lang}
              />
            )}
            {repurchase && (
              <Checkbox
                label={t('checkout.holdPoints')}
                checked={hold}
                onChange={(e) => setHold(e.currentTarget.checked)}
              />
            )}
          </Stack>
        </Card>
        <QuoteAndPlace quote={quote} lang={ctx.lang} placing={checkout} />
      </Stack>
    </form>
  );
}
