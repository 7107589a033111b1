import { useQuery } from '@tanstack/react-query';
import type { IncomeDisclosure, IncomeDisclosureYears } from '@portal/contracts/income-disclosure';
import { apiBlob, apiRequest } from '../../../lib/http/client';
import { saveBlob } from '../../../lib/use-object-url';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The income disclosure's calls (issue 18, item 8): the closed years and one year's figures with an
 * application token (public), and the staff CSV with the staff member's token. A closed year never
 * changes but for a late cancellation, so its figures are kept a while.
 */
export function useDisclosureYears() {
  return useQuery({
    queryKey: queryKeys.public.disclosureYears(),
    queryFn: ({ signal }) =>
      apiRequest<IncomeDisclosureYears>('/api/v1/public/income-disclosure/years', {
        service: 'network',
        auth: 'app',
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

export function useIncomeDisclosure(year: number | null) {
  return useQuery({
    queryKey: queryKeys.public.disclosure(year),
    queryFn: ({ signal }) =>
      apiRequest<IncomeDisclosure>(`/api/v1/public/income-disclosure?year=${year}`, {
        service: 'network',
        auth: 'app',
        signal,
      }),
    enabled: year !== null,
    staleTime: 30 * 60_000,
  });
}

export async function downloadIncomeDisclosureCsv(year: number): Promise<void> {
  const blob = await apiBlob(`/v1/reports/income-disclosure.csv?year=${year}`, { service: 'staff' });
  saveBlob(blob, `income-disclosure-${year}.csv`);
}
