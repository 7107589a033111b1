import { portalRouteMatcher } from '@portal/contracts/portal-routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '../lib/paths';
import { routes } from './router';

/** Every page pattern the router registers (the catch-all not-found route aside). */
function registered(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own =
      route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const here = route.path !== undefined && route.path !== '*' ? [own] : [];
    return [...here, ...registered(route.children ?? [], own)];
  });
}

/** What react-router shows for an address: a page, or the not-found route. */
const routerHasPage = (pathname: string) =>
  matchRoutes(routes, pathname)?.some((m) => m.route.path !== undefined && m.route.path !== '*') ?? false;

describe('the portal routes the build hands to the server', () => {
  it('when the router is read then it registers exactly the patterns of paths.ts, which the build writes out', () => {
    expect([...new Set(registered(routes))].sort()).toEqual(routePatterns());
  });

  it("when an address is checked then the server's matcher agrees with react-router on page or not found", () => {
    const isPage = portalRouteMatcher(routePatterns());
    for (const pathname of [
      '/',
      '/dashboard',
      '/dashboard/',
      '/DASHBOARD',
      '/dashboard/extra',
      '/auth',
      '/auth/',
      '/auth/Check',
      '/auth/check',
      '/auth/login',
      '/auth/register',
      '/auth/register/DEMO2026',
      '/auth/register/%E0%B8%81%E0%B8%82',
      '/auth/register/DEMO2026/more',
      '/auth/reset_password/abc.def-123',
      '/staff',
      '/staff/kyc',
      '/staff/kyc/42',
      '/staff/kyc/42/documents',
      '/no-such-page',
      '/profile',
      '/terms',
    ]) {
      expect(isPage(pathname), pathname).toBe(routerHasPage(pathname));
    }
  });
});
