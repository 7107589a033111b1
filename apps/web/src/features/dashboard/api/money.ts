import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IncomeCurrentSummary, IncomeSummary } from '@portal/contracts/income-reports';
import type { SummaryPoint, TitleHistory } from '@portal/contracts/reports';
import type { TravelPoint } from '@portal/contracts/travel-report';
import type { Wallet } from '@portal/contracts/wallet';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';
import type { Period } from '../model/standing';

/**
 * The dashboard's money and standing, from the member's report calls (network API,
 * /network/api/v1/report/...). Each key is the report call's with its query, as the reports pages
 * key the same call, so whatever refreshes the reports refreshes these too.
 */
const report = <T>(name: string, query: Record<string, string> = {}) =>
  queryOptions({
    queryKey: queryKeys.reports.call(`report/${name}`, query),
    queryFn: ({ signal }) => apiRequest<T>(`/api/v1/report/${name}`, { service: 'network', query, signal }),
  });

/** The travel report also answers today's business date, which the periods below count from. */
export const travelQuery = () => report<TravelPoint>('travel_point');

/** Income waiting and paid in a period (none: all time). */
export const incomeQuery = (period: Period | null) =>
  report<IncomeSummary>('income_summary', period ? { date_from: period.from, date_to: period.to } : {});

export const nextPayoutQuery = () => report<IncomeCurrentSummary>('income_current_summary');

/** Personal PV of the period, and the points per side now (last closing's carry plus today's). */
export const pointsQuery = (period: Period) =>
  report<SummaryPoint>('summary_point', { date_from: period.from, date_to: period.to });

export const titleQuery = () => report<TitleHistory>('business_title/history', { per_page: '1' });

export const useTravel = () => useQuery(travelQuery());
export const useIncome = (period: Period | null, enabled = true) =>
  useQuery({ ...incomeQuery(period), enabled });
export const useNextPayout = () => useQuery(nextPayoutQuery());

/** Why the next payout would be held (the wallet's own computation: KYC, no bank, suspended, minimum). */
export const nextPayoutHoldQuery = () =>
  queryOptions({
    queryKey: queryKeys.wallet.figures(),
    queryFn: ({ signal }) => apiRequest<Wallet>('/api/v1/wallet', { service: 'network', signal }),
    select: (w: Wallet) => w.next_payout.held_reason,
  });
export const useNextPayoutHold = () => useQuery(nextPayoutHoldQuery());
export const usePoints = (period: Period | null) =>
  useQuery({ ...pointsQuery(period ?? { from: '', to: '' }), enabled: period !== null });
export const useTitle = () => useQuery(titleQuery());
