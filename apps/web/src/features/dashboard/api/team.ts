import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DownlineSummary, TeamOverview } from '@portal/contracts/network';
import { apiRequest } from '../../../lib/http/client';

/**
 * Keys start with 'network' like the organization feature's: a placement there invalidates the
 * whole prefix, so these widgets refresh without the features importing each other.
 */
const KEY = ['network'] as const;

/** My network member (`is_placed` decides whether there is a team to show): the one shared fetcher. */
export { useNetworkMe } from '../../../lib/network-me';

export const teamSummaryQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'summary'],
    queryFn: ({ signal }) =>
      apiRequest<DownlineSummary>('/api/v1/member_downline/summary', { service: 'network', signal }),
  });

export const teamOverviewQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'overview'],
    queryFn: ({ signal }) =>
      apiRequest<TeamOverview>('/api/v1/member_downline/overview', { service: 'network', signal }),
  });

export function useTeamSummary(enabled: boolean) {
  return useQuery({ ...teamSummaryQuery(), enabled });
}

export function useTeamOverview(enabled: boolean) {
  return useQuery({ ...teamOverviewQuery(), enabled });
}
