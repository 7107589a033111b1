import { Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/ui/error-alert';
import type { Language } from '../../../lib/preferences';
import { useTravel } from '../api/money';
import { incomePeriods } from '../model/standing';
import { IncomeWidget } from './income-widget';
import { StandingWidget } from './standing-widget';

/**
 * The member's money and standing. The periods count from today's business date (the travel report
 * answers it), never from the browser's clock: the demo's business clock may stand elsewhere.
 */
export function MoneyWidgets({ lang }: { lang: Language }) {
  const travel = useTravel();
  const today = travel.data?.business_date ?? null;
  const periods = today ? incomePeriods(today) : null;
  return (
    <Stack gap="lg">
      {travel.isError && <ErrorAlert error={travel.error} onRetry={() => void travel.refetch()} />}
      <IncomeWidget periods={periods} lang={lang} />
      <StandingWidget today={today} month={periods?.month ?? null} travel={travel.data} lang={lang} />
    </Stack>
  );
}
