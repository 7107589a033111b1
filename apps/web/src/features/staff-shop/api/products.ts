import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@portal/contracts/paging';
import type { Product, StaffProductBody } from '@portal/contracts/shop';
import { apiRequest, apiUpload } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export function useStaffProducts(filter: { q?: string; page: number }, lang: string) {
  return useQuery({
    queryKey: queryKeys.products.staff({ ...filter }, lang),
    queryFn: ({ signal }) =>
      apiRequest<Page<Product>>('/v1/products', {
        service: 'staff',
        query: { q: filter.q, page: filter.page, per_page: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every product, for a bundle's parts (the catalog is small: about thirty products). */
export function useAllProducts(lang: string) {
  return useQuery({
    queryKey: queryKeys.products.staffAll(lang),
    queryFn: ({ signal }) =>
      apiRequest<Page<Product>>('/v1/products', { service: 'staff', query: { per_page: 100 }, signal }),
  });
}

export type ProductFields = Omit<StaffProductBody, 'code' | 'kind'>;

export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: { code: string; create: StaffProductBody | null; update: Partial<ProductFields> }) =>
      vars.create
        ? apiRequest<Product>('/v1/products', { service: 'staff', method: 'POST', body: vars.create })
        : apiRequest<Product>(`/v1/products/${encodeURIComponent(vars.code)}`, {
            service: 'staff',
            method: 'PUT',
            body: vars.update,
          }),
    // The desk's lists and the shop's catalog alike.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
}

export function useProductImage(code: string) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: queryKeys.products.all });
  const add = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('file', file);
      return apiUpload<Product>(`/v1/products/${encodeURIComponent(code)}/images`, form, {
        service: 'staff',
      });
    },
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (imageId: number) =>
      apiRequest<Product>(`/v1/products/${encodeURIComponent(code)}/images/${imageId}`, {
        service: 'staff',
        method: 'DELETE',
      }),
    onSuccess: done,
  });
  return { add, remove };
}
