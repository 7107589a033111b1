import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IncomeCurrentSummary, IncomeSummary } from '@portal/contracts/income-reports';
import type { SummaryPoint, TitleHistory } from '@portal/contracts/reports';
import type { TravelPoint } from '@portal/contracts/travel-report';
import type { Wallet } from '@portal/contracts/wallet';
import { apiRequest } from '../../../lib/http/client';
import type { Period } from '../model/standing';

/**
 * The dashboard's money and standing, from the member's report calls (network API,
 * /network/api/v1/report/...). Keys start with 'reports', so whatever refreshes the reports
 * refreshes these too.
 */
const KEY = ['reports', 'dashboard'] as const;

const get = <T>(path: string, query: Record<string, string> = {}, signal?: AbortSignal) =>
  apiRequest<T>(`/api/v1/report/${path}`, { service: 'network', query, signal });

/** The travel report also answers today's business date, which the periods below count from. */
export const travelQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'travel'],
    queryFn: ({ signal }) => get<TravelPoint>('travel_point', {}, signal),
  });

/** Income waiting and paid in a period (none: all time). */
export const incomeQuery = (period: Period | null) =>
  queryOptions({
    queryKey: [...KEY, 'income', period],
    queryFn: ({ signal }) =>
      get<IncomeSummary>(
        'income_summary',
        period ? { date_from: period.from, date_to: period.to } : {},
        signal,
      ),
  });

export const nextPayoutQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'current'],
    queryFn: ({ signal }) => get<IncomeCurrentSummary>('income_current_summary', {}, signal),
  });

/** Personal PV of the period, and the points per side now (last closing's carry plus today's). */
export const pointsQuery = (period: Period) =>
  queryOptions({
    queryKey: [...KEY, 'points', period],
    queryFn: ({ signal }) =>
      get<SummaryPoint>('summary_point', { date_from: period.from, date_to: period.to }, signal),
  });

export const titleQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'title'],
    queryFn: ({ signal }) => get<TitleHistory>('business_title/history', { per_page: '1' }, signal),
  });

export const useTravel = () => useQuery(travelQuery());
export const useIncome = (period: Period | null, enabled = true) =>
  useQuery({ ...incomeQuery(period), enabled });
export const useNextPayout = () => useQuery(nextPayoutQuery());

/** Why the next payout would be held (the wallet's own computation: KYC, no bank, suspended, minimum). */
export const nextPayoutHoldQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'next-payout-hold'],
    queryFn: ({ signal }) => apiRequest<Wallet>('/api/v1/wallet', { service: 'network', signal }),
    select: (w: Wallet) => w.next_payout.held_reason,
  });
export const useNextPayoutHold = () => useQuery(nextPayoutHoldQuery());
export const usePoints = (period: Period | null) =>
  useQuery({ ...pointsQuery(period ?? { from: '', to: '' }), enabled: period !== null });
export const useTitle = () => useQuery(titleQuery());
