import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PER_PAGE, type Page } from '@portal/contracts/paging';
import type {
  CanceledOrderRow,
  HoldLotDetail,
  HoldLotRow,
  HoldReleaseBody,
  HoldReleaseResult,
  MonthlyStatement,
  StatementPeriods,
  YearlyStatement,
} from '@portal/contracts/statements';
import { apiBlob, apiRequest } from '../../lib/http/client';
import { saveBlob } from '../../lib/use-object-url';
import { invalidate, queryKeys } from '../../lib/query-keys';

export function useHoldLots(page: number) {
  return useQuery({
    queryKey: queryKeys.statements.holdLotPage(page),
    queryFn: ({ signal }) =>
      apiRequest<Page<HoldLotRow>>('/api/v1/hold_point', {
        service: 'network',
        query: { page, per_page: DEFAULT_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useHoldLot(lotId: number) {
  return useQuery({
    queryKey: queryKeys.statements.holdLot(lotId),
    queryFn: ({ signal }) =>
      apiRequest<HoldLotDetail>(`/api/v1/hold_point/${lotId}`, { service: 'network', signal }),
    enabled: Number.isInteger(lotId) && lotId > 0,
    retry: false,
  });
}

export function useReleaseHold(lotId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HoldReleaseBody) =>
      apiRequest<HoldReleaseResult>(`/api/v1/hold_point/${lotId}/release`, {
        service: 'network',
        method: 'POST',
        body,
      }),
    onSuccess: (result) => {
      client.setQueryData(queryKeys.statements.holdLot(lotId), result.lot);
      // The lots' list, and the points the released PV added to a team.
      void invalidate(client, queryKeys.statements.holdLots(), queryKeys.reports.all);
    },
  });
}

export function useCanceledOrders(page: number, range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: queryKeys.statements.canceled(page, range.from ?? '', range.to ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<Page<CanceledOrderRow>>('/api/v1/report/canceled_order', {
        service: 'network',
        query: { page, per_page: DEFAULT_PER_PAGE, date_from: range.from, date_to: range.to },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStatementPeriods() {
  return useQuery({
    queryKey: queryKeys.statements.periods(),
    queryFn: ({ signal }) =>
      apiRequest<StatementPeriods>('/api/v1/statement', { service: 'network', signal }),
  });
}

export function useMonthlyStatement(month: string | null) {
  return useQuery({
    queryKey: queryKeys.statements.month(month ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<MonthlyStatement>('/api/v1/statement/monthly', {
        service: 'network',
        query: { month },
        signal,
      }),
    enabled: month !== null,
  });
}

export function useYearlyStatement(year: number | null) {
  return useQuery({
    queryKey: queryKeys.statements.year(year ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<YearlyStatement>('/api/v1/statement/yearly', {
        service: 'network',
        query: { year },
        signal,
      }),
    enabled: year !== null,
  });
}

/** The year's withholding-tax certificate, fetched with the member's token and saved as a file. */
export async function downloadWhtCertificate(year: number, memberCode: string): Promise<void> {
  const blob = await apiBlob(`/api/v1/statement/yearly/${year}/wht.pdf`, { service: 'network' });
  saveBlob(blob, `wht-50tawi-${year}-${memberCode}.pdf`);
}
