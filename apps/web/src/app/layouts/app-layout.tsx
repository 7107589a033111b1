import { Outlet } from 'react-router';
import { PortalShell } from '../../components/shell/portal-shell';
import { useSession } from '../../lib/auth/use-session';
import { useUnreadCount } from '../../features/notifications/api/notifications';

/** The authenticated layout. The app layer wires the notifications count into the shell. */
export default function AppLayout() {
  const { user, accessToken } = useSession();
  const unread = useUnreadCount();
  // The guard has already sent visitors to login; this only covers the instant of signing out.
  if (!user) return null;
  return (
    <PortalShell user={user} accessToken={accessToken} unreadCount={unread.data?.count ?? 0}>
      <Outlet />
    </PortalShell>
  );
}
