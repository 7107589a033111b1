/**
 * Every route of the portal in one place. `path` is the router pattern; `href` builds a link.
 * Paths keep the specification's spelling (underscores, /auth/Check).
 */
const q = (params: Record<string, string | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, value);
  const s = search.toString();
  return s ? `?${s}` : '';
};

/** The /profile sections, in page order; each is the id of its element and its URL hash. */
export const PROFILE_SECTIONS = ['information', 'addresses', 'shipping', 'bank', 'documents', 'kyc'] as const;
export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number];

/** A member report's address; `?from=&to=` (business dates) and `?page=` reproduce a view. */
const reportRoute = <K extends string>(key: K) => ({
  path: `/reports/${key}` as const,
  href: (view: { from?: string; to?: string; page?: number } = {}) =>
    `/reports/${key}${q({ from: view.from, to: view.to, page: view.page && view.page > 1 ? String(view.page) : undefined })}`,
});

export const paths = {
  home: { path: '/', href: () => '/' },
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  /** The binary tree; ?top=<member id> picks the member drawn at the top (default: me). */
  organization: {
    path: '/organization',
    href: (top?: number | null) => `/organization${q({ top: top ? String(top) : undefined })}`,
  },
  notifications: {
    path: '/notifications',
    href: (page?: number) => `/notifications${page && page > 1 ? `?page=${page}` : ''}`,
  },
  /** Hold points (plan 5.1) and one lot's release page. */
  holdPoint: { path: '/hold_point', href: () => '/hold_point' },
  holdPointManage: {
    path: '/hold_point/manage/:lotId',
    href: (lotId: number) => `/hold_point/manage/${lotId}`,
  },
  holdPointManageIndex: { path: '/hold_point/manage', href: () => '/hold_point/manage' },
  /** The member's canceled orders (?from=&to=&page=). */
  canceledOrders: { path: '/canceled_orders', href: () => '/canceled_orders' },
  /** Statements of closed periods; ?month=YYYY-MM or ?year=YYYY opens one. */
  statements: {
    path: '/reportsold',
    href: (open: { month?: string; year?: number } = {}) =>
      `/reportsold${q({ month: open.month, year: open.year ? String(open.year) : undefined })}`,
  },
  changePassword: { path: '/change_password', href: () => '/change_password' },
  /** The member's profile; each section has a deep link (`/profile#documents`). */
  profile: {
    path: '/profile',
    href: (section?: ProfileSectionId) => `/profile${section ? `#${section}` : ''}`,
  },
  /** The KYC reminder links to the documents section. */
  profileDocuments: { path: '/profile', href: () => '/profile#documents' },
  setting: { path: '/setting', href: () => '/setting' },
  /** The member's wallet: income waiting and paid, the next payout, payouts and income lines. */
  wallet: { path: '/wallet', href: () => '/wallet' },
  /** The member's reports: the index, and each report (spec section 1). */
  reports: { path: '/reports', href: () => '/reports' },
  report: {
    cycle_bonus: reportRoute('cycle_bonus'),
    referrer_bonus: reportRoute('referrer_bonus'),
    mta_bonus: reportRoute('mta_bonus'),
    cashback_bonus: reportRoute('cashback_bonus'),
    travel_point: reportRoute('travel_point'),
    point_value: reportRoute('point_value'),
    business_title: reportRoute('business_title'),
    point_lvp: reportRoute('point_lvp'),
    use_point_balance: reportRoute('use_point_balance'),
    purchase_order: reportRoute('purchase_order'),
    dropship: reportRoute('dropship'),
  },
  /** KYC review, for staff and admins only. */
  /** The staff home: the queues waiting for staff (KYC, slips, closings, payouts) and their desks. */
  staffHome: { path: '/staff', href: () => '/staff' },
  staffKyc: {
    path: '/staff/kyc',
    href: (params: { status?: string; q?: string; page?: number } = {}) =>
      `/staff/kyc${q({ status: params.status, q: params.q, page: params.page && params.page > 1 ? String(params.page) : undefined })}`,
  },
  /** The message outbox: every SMS and e-mail and where it stands, for staff (?state=&channel=&q=&page=). */
  staffMessages: { path: '/staff/messages', href: () => '/staff/messages' },
  staffBackups: { path: '/staff/backups', href: () => '/staff/backups' },
  staffKycCase: {
    path: '/staff/kyc/:memberId',
    href: (memberId: number) => `/staff/kyc/${memberId}`,
  },
  /** The engine's desk, for staff: closing runs (?type=&from=&to=&page=) and one run. */
  staffClosings: { path: '/staff/closings', href: () => '/staff/closings' },
  staffClosing: { path: '/staff/closings/:id', href: (id: number) => `/staff/closings/${id}` },
  /** Payout runs, and one run by its date (YYYY-MM-DD). */
  staffPayouts: { path: '/staff/payouts', href: () => '/staff/payouts' },
  staffPayout: { path: '/staff/payouts/:date', href: (date: string) => `/staff/payouts/${date}` },
  staffPlan: { path: '/staff/plan', href: () => '/staff/plan' },
  staffAdjustments: { path: '/staff/adjustments', href: () => '/staff/adjustments' },
  staffSimulator: { path: '/staff/simulator', href: () => '/staff/simulator' },
  /** Members' requests to close their accounts, for staff (decision 044). */
  staffClosures: { path: '/staff/closures', href: () => '/staff/closures' },
  /** The income disclosure of a closed year with its CSV, for staff (?year=). */
  staffIncomeDisclosure: {
    path: '/staff/income_disclosure',
    href: (year?: number) =>
      `/staff/income_disclosure${q({ year: year === undefined ? undefined : String(year) })}`,
  },
  /** The shop's products and bundles, for staff. */
  staffProducts: { path: '/staff/products', href: () => '/staff/products' },
  /** The shop's orders desk (?q=&status=&slip=1). */
  staffOrders: {
    path: '/staff/orders',
    href: (params: { status?: string; q?: string; slip?: boolean } = {}) =>
      `/staff/orders${q({ status: params.status, q: params.q, slip: params.slip ? '1' : undefined })}`,
  },
  /**
   * The built-in shop (public). `?shop=CODE` opens a member's community shop for guests;
   * `?login_code=` is the one-time code of the portal's Online Shopping link.
   */
  ecommerce: {
    path: '/ecommerce',
    href: (params: { shop?: string | null; q?: string; category?: string; login_code?: string } = {}) =>
      `/ecommerce${q({ shop: params.shop ?? undefined, q: params.q, category: params.category, login_code: params.login_code })}`,
  },
  ecommerceProduct: {
    path: '/ecommerce/products/:productCode',
    href: (code: string, shop?: string | null) =>
      `/ecommerce/products/${encodeURIComponent(code)}${q({ shop: shop ?? undefined })}`,
  },
  ecommerceCart: {
    path: '/ecommerce/cart',
    href: (shop?: string | null) => `/ecommerce/cart${q({ shop: shop ?? undefined })}`,
  },
  ecommerceCheckout: {
    path: '/ecommerce/checkout',
    href: (shop?: string | null) => `/ecommerce/checkout${q({ shop: shop ?? undefined })}`,
  },
  ecommerceOrders: { path: '/ecommerce/orders', href: () => '/ecommerce/orders' },
  /** The member's own community shop: its link, selling prices, guests' orders. */
  ecommerceMyShop: { path: '/ecommerce/my_shop', href: () => '/ecommerce/my_shop' },
  /** One order; a guest's carries its order key (`?key=`), the only way back to it. */
  ecommerceOrder: {
    path: '/ecommerce/orders/:orderNumber',
    href: (number: string, guest?: { key: string; shop: string } | null) =>
      `/ecommerce/orders/${encodeURIComponent(number)}${q({ shop: guest?.shop, key: guest?.key })}`,
  },
  /** The manuals (public): the index with its search (?q=) and the four manuals, each with anchors. */
  manuals: { path: '/manuals', href: (search?: string) => `/manuals${q({ q: search })}` },
  manualIdentity: {
    path: '/manuals/identity_verification',
    href: (section?: string) => `/manuals/identity_verification${section ? `#${section}` : ''}`,
  },
  manualOrganization: {
    path: '/manuals/organization_management',
    href: (section?: string) => `/manuals/organization_management${section ? `#${section}` : ''}`,
  },
  manualBonusCalculation: {
    path: '/manuals/calculation_of_bonusIncome',
    href: (section?: string) => `/manuals/calculation_of_bonusIncome${section ? `#${section}` : ''}`,
  },
  manualBonusReceiving: {
    path: '/manuals/receiving_bonusIncome',
    href: (section?: string) => `/manuals/receiving_bonusIncome${section ? `#${section}` : ''}`,
  },
  /** The plan as tables (public). */
  tables: { path: '/tables', href: () => '/tables' },
  /** What members earned and bought in a closed year (public); ?year= picks the year. */
  incomeDisclosure: {
    path: '/income_disclosure',
    href: (year?: number) =>
      `/income_disclosure${q({ year: year === undefined ? undefined : String(year) })}`,
  },
  /** Offices and pickup points on a map (public); ?province=<two-digit code> filters the list. */
  maps: { path: '/maps', href: (province?: string) => `/maps${q({ province })}` },
  contact: { path: '/contact', href: () => '/contact' },
  terms: { path: '/terms', href: () => '/terms' },
  policy: { path: '/policy', href: () => '/policy' },
  auth: {
    root: { path: '/auth', href: () => '/auth' },
    login: { path: '/auth/login', href: (next?: string) => `/auth/login${q({ next })}` },
    forgotPassword: { path: '/auth/forgot_password', href: () => '/auth/forgot_password' },
    verifyCode: {
      path: '/auth/verify_code',
      href: (params: {
        flow: 'register' | 'reset';
        otp?: string;
        ref?: string;
        username?: string;
        token?: string;
      }) => `/auth/verify_code${q(params)}`,
    },
    resetPassword: {
      path: '/auth/reset_password/:resetPasswordToken',
      href: (token: string, code?: string) =>
        `/auth/reset_password/${encodeURIComponent(token)}${q({ code })}`,
    },
    register: {
      path: '/auth/register/:refererCode',
      href: (code: string) => `/auth/register/${encodeURIComponent(code)}`,
    },
    activate: { path: '/auth/activate', href: (token: string) => `/auth/activate${q({ token })}` },
    verifyAccount: {
      path: '/auth/verify_account',
      href: (otp?: { id: string; ref: string }) =>
        `/auth/verify_account${q({ otp: otp?.id, ref: otp?.ref })}`,
    },
    resendVerifyCode: { path: '/auth/resend_verify_code', href: () => '/auth/resend_verify_code' },
    logout: { path: '/auth/logout', href: () => '/auth/logout' },
    check: { path: '/auth/Check', href: () => '/auth/Check' },
  },
} as const;

/**
 * Every route pattern above, once each. The build writes them into its output for the server, which
 * answers 404 for any other address (packages/contracts/src/portal-routes.ts); a unit test checks that
 * the router registers exactly these.
 */
export function routePatterns(): string[] {
  const found = new Set<string>();
  const walk = (node: object) => {
    if ('path' in node && typeof node.path === 'string') found.add(node.path);
    else for (const child of Object.values(node)) if (child && typeof child === 'object') walk(child);
  };
  walk(paths);
  return [...found].sort();
}

/** Only same-origin absolute paths may be used as a post-login target (no open redirect). */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  for (const ch of next) if (ch.charCodeAt(0) < 0x20) return null;
  return next;
}
