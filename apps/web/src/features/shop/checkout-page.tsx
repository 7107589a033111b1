import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Address } from '@portal/contracts/profile';
import type { GuestCheckoutBody, PaymentMethod } from '@portal/contracts/shop';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/ui/error-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { getConfig } from '../../lib/config';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCart } from './api/cart';
import { useGuestCheckout } from './api/guest';
import { useAddressBook, useBalances, useCheckout } from './api/orders';
import { SignedOut } from './components/signed-out';
import { formatMoney, newIdempotencyKey } from './model/cart';
import { checkPartPayment, type PartPayment } from './model/part-payment';
import { clearGuestCart, useGuestCart } from './model/guest-cart';
import { useShopContext } from './model/shop-context';

const METHODS: PaymentMethod[] = ['demo', 'transfer', 'promptpay'];
const offered = () => METHODS.filter((m) => getConfig().paymentMethods.includes(m));

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

/** /ecommerce/checkout: delivery and payment, then the order. */
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

function PaymentChoice({ value, onChange }: { value: PaymentMethod; onChange: (m: PaymentMethod) => void }) {
  const { t } = useTranslation('shop');
  return (
    <Radio.Group label={t('checkout.payment')} value={value} onChange={(v) => onChange(v as PaymentMethod)}>
      <Stack gap="xs" mt="xs">
        {offered().map((m) => (
          <Radio key={m} value={m} label={t(`checkout.methods.${m}`)} data-testid={`pay-${m}`} />
        ))}
      </Stack>
    </Radio.Group>
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
  const [method, setMethod] = useState<'shipping' | 'pickup'>('shipping');
  const [addressId, setAddressId] = useState<string | null>(null);
  const [payment, setPayment] = useState<PaymentMethod>(offered()[0] ?? 'demo');
  const [hold, setHold] = useState(false);
  // One key per attempt: a retry after a lost answer gets the same order back.
  const key = useMemo(() => newIdempotencyKey(), []);

  if (cart.isPending || book.isPending) return <PageLoader />;
  if (cart.isError) return <ErrorAlert error={cart.error} title={t('cart.failed')} />;
  if (book.isError) return <ErrorAlert error={book.error} />;
  const addresses = book.data.items;
  const chosen = addressId ?? String(addresses.find((a) => a.is_default)?.id ?? addresses[0]?.id ?? '');
  const repurchase = cart.data.items.every((i) => i.kind !== 'PACKAGE');
  const part = balances.data
    ? checkPartPayment({
        lvp: useLvp,
        points: usePoints,
        lvpBalance: balances.data.lvp,
        pointBalance: balances.data.points,
      })
    : null;
  const partInvalid = part !== null && Object.keys(part.errors).length > 0;

  if (cart.data.items.length === 0)
    return (
      <Stack align="flex-start">
        <Text c="dimmed">{t('cart.empty')}</Text>
        <Button component={Link} to={paths.ecommerce.href()} variant="light">
          {t('cart.continue')}
        </Button>
      </Stack>
    );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    checkout.mutate(
      {
        key,
        body: {
          delivery:
            method === 'pickup' ? { method: 'pickup' } : { method: 'shipping', address_id: Number(chosen) },
          payment_method: payment,
          hold_points: repurchase ? hold : false,
          use_lvp: part?.use_lvp ?? 0,
          use_points: part?.use_points ?? '0',
        },
      },
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
            <Radio.Group
              label={t('checkout.delivery')}
              value={method}
              onChange={(v) => setMethod(v as 'shipping' | 'pickup')}
            >
              <Group gap="md" mt="xs">
                <Radio value="shipping" label={t('checkout.shipping')} />
                <Radio value="pickup" label={t('checkout.pickup')} />
              </Group>
            </Radio.Group>
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
        <Card withBorder>
          <Group justify="space-between">
            <Text fw={600}>{t('cart.subtotal')}</Text>
            <Text fw={700} fz="lg">
              {formatMoney(cart.data.subtotal, ctx.lang)}
            </Text>
          </Group>
        </Card>
        {checkout.isError && <ErrorAlert error={checkout.error} />}
        <Button
          type="submit"
          size="md"
          loading={checkout.isPending}
          disabled={(method === 'shipping' && !chosen) || partInvalid}
          data-testid="checkout-place"
        >
          {t('checkout.place')}
        </Button>
      </Stack>
    </form>
  );
}

/** LVP and the point balance pay first (plan 2.3, 5.2); the method chosen pays the rest. */
function PartPaymentFields(props: {
  balances: { lvp: number; points: string };
  part: PartPayment;
  lvp: string;
  points: string;
  onLvp: (v: string) => void;
  onPoints: (v: string) => void;
  lang: Parameters<typeof formatMoney>[1];
}) {
  const { t } = useTranslation('shop');
  const { balances, part } = props;
  const error = (e: PartPayment['errors']['lvp']) => (e ? t(`checkout.part.${e}`) : undefined);
  return (
    <Stack gap="xs" data-testid="part-payment">
      <Text fw={500} size="sm">
        {t('checkout.part.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('checkout.part.note')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={t('checkout.part.lvp')}
          description={t('checkout.part.lvpBalance', { value: balances.lvp })}
          inputMode="numeric"
          value={props.lvp}
          onChange={(e) => props.onLvp(e.currentTarget.value)}
          error={error(part.errors.lvp)}
          data-testid="use-lvp"
        />
        <TextInput
          label={t('checkout.part.points')}
          description={t('checkout.part.pointBalance', { value: formatMoney(balances.points, props.lang) })}
          inputMode="decimal"
          value={props.points}
          onChange={(e) => props.onPoints(e.currentTarget.value)}
          error={error(part.errors.points)}
          data-testid="use-points"
        />
      </SimpleGrid>
    </Stack>
  );
}

function GuestCheckout({ shop }: { shop: string }) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  const lines = useGuestCart(shop);
  const checkout = useGuestCheckout(shop);
  const key = useMemo(() => newIdempotencyKey(), []);
  const [method, setMethod] = useState<'shipping' | 'pickup'>('shipping');
  const [payment, setPayment] = useState<PaymentMethod>(offered()[0] ?? 'demo');
  const [form, setForm] = useState({
    name: '',
    telephone: '',
    email: '',
    address_line: '',
    subdistrict: '',
    district: '',
    province: '',
    post_code: '',
  });
  const field = (name: keyof typeof form, required = true) => ({
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [name]: value }));
    },
    required,
    'data-testid': `guest-${name}`,
  });

  if (lines.length === 0)
    return (
      <Stack align="flex-start">
        <Text c="dimmed">{t('cart.empty')}</Text>
        <Button component={Link} to={paths.ecommerce.href({ shop })} variant="light">
          {t('cart.continue')}
        </Button>
      </Stack>
    );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body: GuestCheckoutBody = {
      items: lines.map((l) => ({ product_code: l.code, quantity: l.quantity })),
      customer: {
        name: form.name,
        telephone: form.telephone,
        ...(form.email.trim() ? { email: form.email.trim() } : {}),
      },
      delivery:
        method === 'pickup'
          ? { method: 'pickup' }
          : {
              method: 'shipping',
              address: {
                recipient: form.name,
                telephone: form.telephone,
                address_line: form.address_line,
                subdistrict: form.subdistrict || undefined,
                district: form.district || undefined,
                province: form.province,
                post_code: form.post_code,
              },
            },
      payment_method: payment,
    };
    checkout.mutate(
      { body, key },
      {
        onSuccess: (r) => {
          clearGuestCart(shop);
          void navigate(paths.ecommerceOrder.href(r.order.order_no, { key: r.guest_key ?? '', shop }), {
            state: { placed: true },
          });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="md">
        <Card withBorder>
          <Stack gap="sm">
            <Text fw={600}>{t('checkout.customer')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('checkout.name')} maxLength={100} {...field('name')} />
              <TextInput
                label={t('checkout.telephone')}
                inputMode="tel"
                maxLength={10}
                {...field('telephone')}
              />
              <TextInput
                label={t('checkout.email')}
                type="email"
                maxLength={254}
                {...field('email', false)}
              />
            </SimpleGrid>
            <Radio.Group
              label={t('checkout.delivery')}
              value={method}
              onChange={(v) => setMethod(v as 'shipping' | 'pickup')}
            >
              <Group gap="md" mt="xs">
                <Radio value="shipping" label={t('checkout.shipping')} />
                <Radio value="pickup" label={t('checkout.pickup')} />
              </Group>
            </Radio.Group>
            {method === 'shipping' && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput label={t('checkout.addressLine')} maxLength={300} {...field('address_line')} />
                <TextInput
                  label={t('checkout.subdistrict')}
                  maxLength={100}
                  {...field('subdistrict', false)}
                />
                <TextInput label={t('checkout.district')} maxLength={100} {...field('district', false)} />
                <TextInput label={t('checkout.province')} maxLength={100} {...field('province')} />
                <TextInput
                  label={t('checkout.postCode')}
                  inputMode="numeric"
                  maxLength={5}
                  {...field('post_code')}
                />
              </SimpleGrid>
            )}
          </Stack>
        </Card>
        <Card withBorder>
          <PaymentChoice value={payment} onChange={setPayment} />
        </Card>
        {checkout.isError && <ErrorAlert error={checkout.error} />}
        <Button type="submit" size="md" loading={checkout.isPending} data-testid="checkout-place">
          {t('checkout.place')}
        </Button>
      </Stack>
    </form>
  );
}
