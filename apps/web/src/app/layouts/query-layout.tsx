import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import '../../lib/i18n/portal-namespaces';
import { queryClient } from '../query-client';

/**
 * react-query for every page below (one client for all, so the cache outlives a change of layout).
 * Not in the providers of the whole app: the sign-in page does without it, and so its first script.
 * The same holds for the texts of the shell, notifications and account (portal-namespaces.ts).
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
