import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import type { CommunityProduct, PackageOffers, Product, ProductCategory } from '@portal/contracts/shop';
import { apiRequest } from '../../../lib/http/client';
import { useSession } from '../../../lib/auth/use-session';
import { queryKeys } from '../../../lib/query-keys';

/** Keys carry the viewer: a visitor sees retail prices, a member member prices and PV. */
export interface CommunityShop {
  shop_code: string;
  owner_name: string;
  member_code: string;
}

export interface CatalogFilter {
  q?: string;
  category?: ProductCategory;
  page?: number;
}

export const catalogQuery = (filter: CatalogFilter, signedIn: boolean, lang: string) =>
  queryOptions({
    queryKey: queryKeys.products.catalog({ ...filter }, signedIn, lang),
    queryFn: ({ signal }) =>
      apiRequest<Page<Product>>('/v1/products', {
        service: 'shop',
        auth: signedIn ? 'user' : 'app',
        query: { q: filter.q, category: filter.category, page: filter.page, per_page: 12 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useCatalog(filter: CatalogFilter, lang: string) {
  const signedIn = useSession().user !== null;
  return useQuery(catalogQuery(filter, signedIn, lang));
}

export function useProduct(code: string, lang: string) {
  const signedIn = useSession().user !== null;
  return useQuery({
    queryKey: queryKeys.products.one(code, signedIn, lang),
    queryFn: ({ signal }) =>
      apiRequest<Product>(`/v1/products/${encodeURIComponent(code)}`, {
        service: 'shop',
        auth: signedIn ? 'user' : 'app',
        signal,
      }),
  });
}

/** The plan's packages as this member may buy them now (a member without one sees what to buy). */
export function usePackageOffers(enabled: boolean, lang: string) {
  return useQuery({
    queryKey: queryKeys.products.packages(lang),
    queryFn: ({ signal }) => apiRequest<PackageOffers>('/v1/me/packages', { service: 'shop', signal }),
    enabled,
  });
}

/** A member's community shop (`/ecommerce?shop=CODE`): its owner and its prices. */
export function useCommunityShop(code: string | null) {
  return useQuery({
    queryKey: queryKeys.communityShops.one(code),
    queryFn: ({ signal }) =>
      apiRequest<CommunityShop>(`/v1/community/${encodeURIComponent(code ?? '')}`, {
        service: 'shop',
        auth: 'app',
        signal,
      }),
    enabled: code !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useCommunityCatalog(code: string | null, filter: CatalogFilter, lang: string) {
  return useQuery({
    queryKey: queryKeys.products.community(code, { ...filter }, lang),
    queryFn: ({ signal }) =>
      apiRequest<Page<CommunityProduct>>(`/v1/community/${encodeURIComponent(code ?? '')}/products`, {
        service: 'shop',
        auth: 'app',
        query: { category: filter.category, page: filter.page, per_page: 100 },
        signal,
      }),
    enabled: code !== null,
    placeholderData: keepPreviousData,
  });
}
