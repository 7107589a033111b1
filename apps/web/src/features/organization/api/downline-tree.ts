import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_DOWNLINE_DEPTH } from '@portal/contracts/downline';
import type { DownlineTree } from '@portal/contracts/network';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Marks when tree data arrives; the page measures from here to the drawn tree (a bar of
 * docs/benchmarks.md).
 */
export const TREE_DATA_MARK = 'org-tree-data';

export const downlineTreeQuery = (memberId: number, depth: number = DEFAULT_DOWNLINE_DEPTH) =>
  queryOptions({
    queryKey: queryKeys.network.tree(memberId, depth),
    queryFn: async ({ signal }) => {
      const tree = await apiRequest<DownlineTree>(`/api/v1/member_downline/${memberId}`, {
        service: 'network',
        query: { depth },
        signal,
      });
      performance.mark(TREE_DATA_MARK);
      return tree;
    },
    // While the next top loads, keep drawing the current one.
    placeholderData: keepPreviousData,
  });

export function useDownlineTree(memberId: number | null, depth?: number) {
  return useQuery({ ...downlineTreeQuery(memberId ?? 0, depth), enabled: memberId !== null });
}
