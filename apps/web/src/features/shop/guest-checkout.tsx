import { Button, Card, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { GuestCheckoutBody, PaymentMethod } from '@portal/contracts/shop';
import type { GuestQuoteBody } from '@portal/contracts/shop-quote';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { useGuestCheckout } from './api/guest';
import { useGuestQuote } from './api/quote';
import { DeliveryChoice, offered, PaymentChoice, type DeliveryMethod } from './components/checkout-choices';
import { QuoteAndPlace } from './components/quote-card';
import { newIdempotencyKey } from './model/cart';
import { clearGuestCart, useGuestCart } from './model/guest-cart';
import { useShopContext } from './model/shop-context';

/**
 * A guest's checkout in a community shop: who they are, where it goes, how they pay; the quote
 * (lines, shipping, VAT, total) is shown from the start and follows the delivery and payment.
 */
export function GuestCheckout({ shop }: { shop: string }) {
  const { t } = useTranslation('shop');
  const ctx = useShopContext();
  const navigate = useNavigate();
  const lines = useGuestCart(shop);
  const checkout = useGuestCheckout(shop);
  const key = useMemo(() => newIdempotencyKey(), []);
  const [method, setMethod] = useState<DeliveryMethod>('shipping');
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
  // What prices the order: the items, the delivery kind and the payment; who and where come at the end.
  const quoteBody = useMemo<GuestQuoteBody | null>(
    () =>
      lines.length === 0
        ? null
        : {
            items: lines.map((l) => ({ product_code: l.code, quantity: l.quantity })),
            delivery: { method },
            payment_method: payment,
          },
    [lines, method, payment],
  );
  const quote = useGuestQuote(shop, quoteBody, ctx.lang);

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
      items: quoteBody!.items,
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
            <DeliveryChoice value={method} onChange={setMethod} />
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
        <QuoteAndPlace quote={quote} lang={ctx.lang} placing={checkout} />
      </Stack>
    </form>
  );
}
