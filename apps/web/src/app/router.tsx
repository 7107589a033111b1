import {
  createBrowserRouter,
  matchRoutes,
  Navigate,
  Outlet,
  ScrollRestoration,
  type RouteObject,
} from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { isSignedIn, sessionStore } from '../lib/auth/session-store';
import { setNavigator } from '../lib/navigation';
import { paths } from '../lib/paths';
import { decide } from './guard';
import LoginPage from '../features/auth/login-page';
import AuthLayout from './layouts/auth-layout';
import { lazyPage } from './lazy';
import NotFoundPage from './not-found-page';
import { RouteError } from './route-error';
import { RouteGuard } from './route-guard';

function Root() {
  return (
    <>
      {/* A page opened fresh has the key "default": keying those by path keeps one page's scroll
          position from being restored on another after a reload. */}
      <ScrollRestoration
        getKey={(location) => (location.key === 'default' ? location.pathname : location.key)}
      />
      <Outlet />
    </>
  );
}

/**
 * Only the routes built so far are registered; anything else is a real 404. Every page and
 * layout but the sign-in page is its own chunk, so /auth/login loads only what it shows.
 */
const GUARDED = 'guarded';
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader minHeight="100dvh" />,
    children: [
      {
        id: GUARDED,
        element: <RouteGuard />,
        children: [
          {
            path: paths.auth.root.path,
            // Not lazy: the sign-in page is where every signed-out visit lands, so it ships in the
            // first script instead of a request later (the bars in docs/benchmarks.md, decision 029).
            element: <AuthLayout />,
            children: [
              { index: true, element: <Navigate to={paths.auth.login.path} replace /> },
              { path: paths.auth.login.path, element: <LoginPage /> },
              {
                lazy: lazyPage(() => import('./layouts/query-layout')),
                children: [
                  {
                    path: paths.auth.forgotPassword.path,
                    lazy: lazyPage(() => import('../features/auth/forgot-password-page')),
                  },
                  {
                    path: paths.auth.verifyCode.path,
                    lazy: lazyPage(() => import('../features/auth/verify-code-page')),
                  },
                  {
                    path: paths.auth.resetPassword.path,
                    lazy: lazyPage(() => import('../features/auth/reset-password-page')),
                  },
                  {
                    path: paths.auth.register.path,
                    lazy: lazyPage(() => import('../features/auth/register-page')),
                  },
                  {
                    path: paths.auth.activate.path,
                    lazy: lazyPage(() => import('../features/auth/activate-page')),
                  },
                  {
                    path: paths.auth.check.path,
                    lazy: lazyPage(() => import('../features/auth/check-page')),
                  },
                  {
                    path: paths.auth.logout.path,
                    lazy: lazyPage(() => import('../features/auth/logout-page')),
                  },
                ],
              },
            ],
          },
          {
            // Every other page reads the API through react-query; the sign-in page does not need it.
            lazy: lazyPage(() => import('./layouts/query-layout')),
            children: [
              {
                lazy: lazyPage(() => import('./layouts/verify-layout')),
                children: [
                  {
                    path: paths.auth.verifyAccount.path,
                    lazy: lazyPage(() => import('../features/auth/verify-account-page')),
                  },
                  {
                    path: paths.auth.resendVerifyCode.path,
                    lazy: lazyPage(() => import('../features/auth/resend-verify-code-page')),
                  },
                ],
              },
              {
                lazy: lazyPage(() => import('./layouts/app-layout')),
                children: [
                  { path: paths.home.path, element: <Navigate to={paths.dashboard.path} replace /> },
                  {
                    path: paths.dashboard.path,
                    lazy: lazyPage(() => import('../features/dashboard/dashboard-page')),
                  },
                  {
                    path: paths.organization.path,
                    lazy: lazyPage(() => import('../features/organization/organization-page')),
                  },
                  {
                    path: paths.wallet.path,
                    lazy: lazyPage(() => import('../features/wallet/wallet-page')),
                  },
                  {
                    path: paths.reports.path,
                    lazy: lazyPage(() => import('../features/reports/reports-index-page')),
                  },
                  {
                    path: paths.report.cycle_bonus.path,
                    lazy: lazyPage(() => import('../features/reports/cycle-bonus-page')),
                  },
                  {
                    path: paths.report.referrer_bonus.path,
                    lazy: lazyPage(() => import('../features/reports/referrer-bonus-page')),
                  },
                  {
                    path: paths.report.mta_bonus.path,
                    lazy: lazyPage(() => import('../features/reports/mta-bonus-page')),
                  },
                  {
                    path: paths.report.cashback_bonus.path,
                    lazy: lazyPage(() => import('../features/reports/cashback-bonus-page')),
                  },
                  {
                    path: paths.report.travel_point.path,
                    lazy: lazyPage(() => import('../features/reports/travel-point-page')),
                  },
                  {
                    path: paths.report.point_value.path,
                    lazy: lazyPage(() => import('../features/reports/point-value-page')),
                  },
                  {
                    path: paths.report.business_title.path,
                    lazy: lazyPage(() => import('../features/reports/business-title-page')),
                  },
                  {
                    path: paths.report.point_lvp.path,
                    lazy: lazyPage(() => import('../features/reports/point-lvp-page')),
                  },
                  {
                    path: paths.report.use_point_balance.path,
                    lazy: lazyPage(() => import('../features/reports/use-point-balance-page')),
                  },
                  {
                    path: paths.report.purchase_order.path,
                    lazy: lazyPage(() => import('../features/reports/purchase-order-page')),
                  },
                  {
                    path: paths.report.dropship.path,
                    lazy: lazyPage(() => import('../features/reports/dropship-page')),
                  },
                  {
                    path: paths.holdPoint.path,
                    lazy: lazyPage(() => import('../features/statements/hold-points-page')),
                  },
                  {
                    path: paths.holdPointManage.path,
                    lazy: lazyPage(() => import('../features/statements/hold-manage-page')),
                  },
                  {
                    // The specification's /hold_point/manage takes the lot as a route parameter:
                    // without one, the list of lots is where to choose it.
                    path: paths.holdPointManageIndex.path,
                    element: <Navigate to={paths.holdPoint.path} replace />,
                  },
                  {
                    path: paths.canceledOrders.path,
                    lazy: lazyPage(() => import('../features/statements/canceled-orders-page')),
                  },
                  {
                    path: paths.statements.path,
                    lazy: lazyPage(() => import('../features/statements/statements-page')),
                  },
                  {
                    path: paths.notifications.path,
                    lazy: lazyPage(() => import('../features/notifications/notifications-page')),
                  },
                  {
                    path: paths.changePassword.path,
                    lazy: lazyPage(() => import('../features/account/change-password-page')),
                  },
                  {
                    path: paths.profile.path,
                    lazy: lazyPage(() => import('../features/profile/profile-page')),
                  },
                  {
                    path: paths.setting.path,
                    lazy: lazyPage(() => import('../features/settings/settings-page')),
                  },
                  {
                    path: paths.staffHome.path,
                    lazy: lazyPage(() => import('../features/staff-home/staff-home-page')),
                  },
                  {
                    path: paths.staffKyc.path,
                    lazy: lazyPage(() => import('../features/staff/kyc-queue-page')),
                  },
                  {
                    path: paths.staffMessages.path,
                    lazy: lazyPage(() => import('../features/staff/messages-page')),
                  },
                  {
                    path: paths.staffBackups.path,
                    lazy: lazyPage(() => import('../features/staff/backups-page')),
                  },
                  {
                    path: paths.staffKycCase.path,
                    lazy: lazyPage(() => import('../features/staff/kyc-case-page')),
                  },
                  {
                    path: paths.staffClosings.path,
                    lazy: lazyPage(() => import('../features/staff-engine/closings-page')),
                  },
                  {
                    path: paths.staffClosing.path,
                    lazy: lazyPage(() => import('../features/staff-engine/closing-page')),
                  },
                  {
                    path: paths.staffPayouts.path,
                    lazy: lazyPage(() => import('../features/staff-engine/payouts-page')),
                  },
                  {
                    path: paths.staffPayout.path,
                    lazy: lazyPage(() => import('../features/staff-engine/payout-page')),
                  },
                  {
                    path: paths.staffPlan.path,
                    lazy: lazyPage(() => import('../features/staff-engine/plan-page')),
                  },
                  {
                    path: paths.staffAdjustments.path,
                    lazy: lazyPage(() => import('../features/staff-engine/adjustments-page')),
                  },
                  {
                    path: paths.staffSimulator.path,
                    lazy: lazyPage(() => import('../features/staff-engine/simulator-page')),
                  },
                  {
                    path: paths.staffClosures.path,
                    lazy: lazyPage(() => import('../features/staff/closure-requests-page')),
                  },
                  {
                    path: paths.staffIncomeDisclosure.path,
                    lazy: lazyPage(() => import('../features/public/income-disclosure/staff-page')),
                  },
                  {
                    path: paths.staffProducts.path,
                    lazy: lazyPage(() => import('../features/staff-shop/products-page')),
                  },
                  {
                    path: paths.staffOrders.path,
                    lazy: lazyPage(() => import('../features/staff-shop/orders-page')),
                  },
                ],
              },
              {
                lazy: lazyPage(() => import('./layouts/public-layout')),
                children: [
                  {
                    path: paths.contact.path,
                    lazy: lazyPage(() => import('../features/legal/contact-page')),
                  },
                  {
                    path: paths.manuals.path,
                    lazy: lazyPage(() => import('../features/public/manuals/manuals-index-page')),
                  },
                  {
                    path: paths.manualIdentity.path,
                    lazy: lazyPage(() => import('../features/public/manuals/identity-verification-page')),
                  },
                  {
                    path: paths.manualOrganization.path,
                    lazy: lazyPage(() => import('../features/public/manuals/organization-management-page')),
                  },
                  {
                    path: paths.manualBonusCalculation.path,
                    lazy: lazyPage(
                      () => import('../features/public/manuals/calculation-of-bonusincome-page'),
                    ),
                  },
                  {
                    path: paths.manualBonusReceiving.path,
                    lazy: lazyPage(() => import('../features/public/manuals/receiving-bonusincome-page')),
                  },
                  { path: paths.tables.path, lazy: lazyPage(() => import('../features/public/tables-page')) },
                  {
                    path: paths.incomeDisclosure.path,
                    lazy: lazyPage(() => import('../features/public/income-disclosure-page')),
                  },
                  { path: paths.maps.path, lazy: lazyPage(() => import('../features/public/maps-page')) },
                  { path: paths.terms.path, lazy: lazyPage(() => import('../features/legal/terms-page')) },
                  { path: paths.policy.path, lazy: lazyPage(() => import('../features/legal/policy-page')) },
                ],
              },
            ],
          },
        ],
      },
      {
        // The shop is public and outside the guard: visitors browse it, members buy, and a
        // community shop's guests check out without an account. Every page is its own chunk.
        lazy: lazyPage(() => import('./layouts/query-layout')),
        children: [
          {
            lazy: lazyPage(() => import('../features/shop/shop-layout')),
            children: [
              {
                path: paths.ecommerce.path,
                lazy: lazyPage(() => import('../features/shop/catalog-page')),
              },
              {
                path: paths.ecommerceProduct.path,
                lazy: lazyPage(() => import('../features/shop/product-page')),
              },
              {
                path: paths.ecommerceCart.path,
                lazy: lazyPage(() => import('../features/shop/cart-page')),
              },
              {
                path: paths.ecommerceCheckout.path,
                lazy: lazyPage(() => import('../features/shop/checkout-page')),
              },
              {
                path: paths.ecommerceOrders.path,
                lazy: lazyPage(() => import('../features/shop/orders-page')),
              },
              {
                path: paths.ecommerceOrder.path,
                lazy: lazyPage(() => import('../features/shop/order-page')),
              },
              {
                path: paths.ecommerceMyShop.path,
                lazy: lazyPage(() => import('../features/shop/my-shop-page')),
              },
            ],
          },
        ],
      },
      // Not lazy: the error boundary needs the same page, so it ships in the entry chunk anyway.
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts loading the lazy layouts and page of `path` (what the router would load on going there),
 * without waiting: the browser keeps each module once, so the router's own import later finds it
 * loaded. A failure is left for the router's own attempt to report.
 */
export function preloadRoute(path: string): void {
  const pathname = path.split(/[?#]/)[0] || '/';
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
  }
}

/**
 * The router, made once the session is restored (main.tsx). A router starts loading the code of the
 * page it opens on at once, before the route guard renders: so the guard's answer for the first
 * address is applied first, and a signed-out visit to /dashboard loads only the sign-in page's code.
 */
export function createRouter() {
  const { pathname, search } = window.location;
  const guarded = matchRoutes(routes, pathname)?.some((match) => match.route.id === GUARDED);
  const session = sessionStore.get();
  const target = guarded
    ? decide({ path: pathname + search, signedIn: isSignedIn(session), user: session.user })
    : null;
  if (target && target !== pathname + search) window.history.replaceState(null, '', target);

  const router = createBrowserRouter(routes);
  // The HTTP client sends the member to /auth/logout through the router, without a full reload.
  setNavigator((to) => void router.navigate(to));
  return router;
}
