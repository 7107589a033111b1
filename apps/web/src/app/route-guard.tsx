import { Navigate, Outlet, useLocation } from 'react-router';
import { isSignedIn } from '../lib/auth/session-store';
import { useSession } from '../lib/auth/use-session';
import { decide } from './guard';

/** Applies the pure guard to every registered route; re-evaluates whenever the session changes. */
export function RouteGuard() {
  const location = useLocation();
  const session = useSession();
  const target = decide({
    path: location.pathname + location.search,
    signedIn: isSignedIn(session),
    user: session.user,
  });
  if (target && target !== location.pathname + location.search) return <Navigate to={target} replace />;
  return <Outlet />;
}
