import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamOverview, TeamWeek } from '@portal/contracts/network';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** My network member (`is_placed` decides whether there is a team to show): the one shared fetcher. */
export { useNetworkMe } from '../../../lib/network-me';
/** The team's sizes and points per side: the organization page's query too. */
export { useDownlineSummary as useTeamSummary } from '../../../lib/downline-summary';

/** New members and growth by month; a placement (which invalidates the network) refreshes it. */
export const teamOverviewQuery = () =>
  queryOptions({
    queryKey: queryKeys.network.overview(),
    queryFn: ({ signal }) =>
      apiRequest<TeamOverview>('/api/v1/member_downline/overview', { service: 'network', signal }),
  });

export function useTeamOverview(enabled: boolean) {
  return useQuery({ ...teamOverviewQuery(), enabled });
}

/** The team's new members and paid orders this business week. */
export const teamWeekQuery = () =>
  queryOptions({
    queryKey: queryKeys.network.week(),
    queryFn: ({ signal }) =>
      apiRequest<TeamWeek>('/api/v1/member_downline/week', { service: 'network', signal }),
  });

export function useTeamWeek(enabled: boolean) {
  return useQuery({ ...teamWeekQuery(), enabled });
}
