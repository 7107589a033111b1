import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import type { District, Province, Subdistrict } from '@portal/contracts/reference';
import { PAGE_SIZE } from '@portal/contracts/reference';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

/** The Thai place lists are public calls (application token) and never change while the page is open. */
const forever = { staleTime: Infinity, gcTime: 60 * 60_000 } as const;

export const provincesQuery = () =>
  queryOptions({
    queryKey: queryKeys.reference.provinces(),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Page<Province>>('/v1/provinces', {
          auth: 'app',
          query: { per_page: PAGE_SIZE.provinces },
          signal,
        })
      ).items,
    ...forever,
  });

export const districtsQuery = (provinceId: number | null) =>
  queryOptions({
    queryKey: queryKeys.reference.districts(provinceId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Page<District>>('/v1/districts', {
          auth: 'app',
          query: { province_id: provinceId, per_page: PAGE_SIZE.districts },
          signal,
        })
      ).items,
    enabled: provinceId !== null,
    ...forever,
  });

export const subdistrictsQuery = (districtId: number | null) =>
  queryOptions({
    queryKey: queryKeys.reference.subdistricts(districtId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Page<Subdistrict>>('/v1/subdistricts', {
          auth: 'app',
          query: { district_id: districtId, per_page: PAGE_SIZE.subdistricts },
          signal,
        })
      ).items,
    enabled: districtId !== null,
    ...forever,
  });

export const useProvinces = () => useQuery(provincesQuery());
export const useDistricts = (provinceId: number | null) => useQuery(districtsQuery(provinceId));
export const useSubdistricts = (districtId: number | null) => useQuery(subdistrictsQuery(districtId));
