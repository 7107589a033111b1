import { Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import type { Language } from '../../../lib/preferences';
import type { useQuote } from '../api/quote';
import { OrderSummary } from './order-summary';

/**
 * The quote before the buyer confirms: the lines, subtotal, shipping, VAT, LVP and points used and
 * the amount to pay, as the order will charge them. While a changed choice is being priced the
 * previous figures stay, dimmed; a refusal (stock, balance) is shown as the order would give it.
 */
export function QuoteCard({ quote, lang }: { quote: ReturnType<typeof useQuote>; lang: Language }) {
  const { t } = useTranslation('shop');
  return (
    <Card withBorder data-testid="checkout-quote" data-current={quote.current ? 'true' : 'false'}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('checkout.summary')}
        </Title>
        {quote.isError ? (
          <ErrorAlert error={quote.error} title={t('checkout.quoteFailed')} />
        ) : quote.data ? (
          <div
            style={{ opacity: quote.current ? 1 : 0.55, transition: 'opacity 120ms' }}
            aria-busy={!quote.current}
          >
            <OrderSummary order={quote.data} lang={lang} testId="quote" />
          </div>
        ) : quote.fetchStatus === 'fetching' ? (
          <Loader size="sm" aria-label={t('checkout.pricing')} />
        ) : (
          <Text size="sm" data-testid="quote-incomplete">
            {t('checkout.quoteIncomplete')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('checkout.quoteNote')}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * The quote, the order's own refusal if placing it failed, and the button that places it: enabled
 * only while the quote on screen is the one of the choices made (the buyer confirms what they saw).
 */
export function QuoteAndPlace(props: {
  quote: ReturnType<typeof useQuote>;
  lang: Language;
  placing: { isPending: boolean; isError: boolean; error: unknown };
}) {
  const { t } = useTranslation('shop');
  return (
    <>
      <QuoteCard quote={props.quote} lang={props.lang} />
      {props.placing.isError && <ErrorAlert error={props.placing.error} />}
      <Button
        type="submit"
        size="md"
        loading={props.placing.isPending}
        disabled={!props.quote.current}
        data-testid="checkout-place"
      >
        {t('checkout.place')}
      </Button>
    </>
  );
}
