import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PER_PAGE, type Page } from '@portal/contracts/paging';
import type { Notification, UnreadCount } from '@portal/contracts/identity';
import { apiRequest } from '../../../lib/http/client';
import { queryKeys } from '../../../lib/query-keys';

export const notificationsQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.notifications.page(page),
    queryFn: ({ signal }) =>
      apiRequest<Page<Notification>>('/v1/me/notifications', {
        query: { page, per_page: DEFAULT_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useNotifications(page: number) {
  return useQuery(notificationsQuery(page));
}

/** Polled so the sidebar badge catches new notifications without a reload. */
export const UNREAD_POLL_MS = 60_000;

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: queryKeys.notifications.unread(),
    queryFn: ({ signal }) => apiRequest<UnreadCount>('/v1/me/notifications/unread-count', { signal }),
    refetchInterval: UNREAD_POLL_MS,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQuery());
}

function useInvalidateNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
}

export function useMarkRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/v1/me/notifications/${id}/read`, { method: 'POST' }),
    onSettled: invalidate,
  });
}

export function useMarkAllRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: () => apiRequest<null>('/v1/me/notifications/read-all', { method: 'POST' }),
    onSettled: invalidate,
  });
}
