import type { QueryClient } from '@tanstack/react-query';

/**
 * Every react-query key of the portal, by resource (issue 20). Each view's key starts with its
 * resource's `all`, whichever feature draws it, so a change invalidates the resource and every view
 * of it refreshes: the profile's address book and the checkout's delivery choice are one query,
 * an order placed refreshes the shop's lists, the staff desk's and the member's balances. No key is
 * written anywhere else (a feature keeps its fetchers; the keys are shared here, which features may
 * import, since they may not import each other).
 */

type Query = Record<string, string | number | boolean | null | undefined>;

const PROFILE = ['profile'] as const;
const NETWORK = ['network'] as const;
const REPORTS = ['reports'] as const;
const STATEMENTS = ['statements'] as const;
const WALLET = ['wallet'] as const;
const NOTIFICATIONS = ['notifications'] as const;
const SESSIONS = ['sessions'] as const;
const PRODUCTS = ['products'] as const;
const ORDERS = ['orders'] as const;
const CART = ['cart'] as const;
const COMMUNITY_SHOPS = ['community-shops'] as const;
const KYC_CASES = ['kyc-cases'] as const;
const ENGINE = ['engine'] as const;
const PUBLIC = ['public'] as const;
const PRIVACY = ['privacy'] as const;
const CLOSURE_REQUESTS = ['closure-requests'] as const;
const BACKUPS = ['backups'] as const;

export const queryKeys = {
  /** The signed-in member's profile; a change to any part may complete the KYC checklist. */
  profile: {
    all: PROFILE,
    me: () => [...PROFILE, 'me'] as const,
    kyc: () => [...PROFILE, 'kyc'] as const,
    /** Home and shipping addresses: the profile's sections and the checkout's delivery choice. */
    addresses: () => [...PROFILE, 'addresses'] as const,
    banks: () => [...PROFILE, 'banks'] as const,
    documents: () => [...PROFILE, 'documents'] as const,
  },
  /** A KYC document's file, read by its owner or by staff (the key changes when the file does). */
  documentFile: (reader: 'member' | 'staff', id: number, updatedAt: string) =>
    ['document-file', reader, id, updatedAt] as const,
  /** Reference lists that do not change while the portal is open. */
  reference: {
    banks: () => ['reference', 'banks'] as const,
    provinces: () => ['reference', 'provinces'] as const,
    districts: (provinceId: number | null) => ['reference', 'districts', provinceId] as const,
    subdistricts: (districtId: number | null) => ['reference', 'subdistricts', districtId] as const,
  },
  /** The member's network: a placement changes all of it. */
  network: {
    all: NETWORK,
    me: () => [...NETWORK, 'me'] as const,
    tree: (memberId: number | null, depth: number) => [...NETWORK, 'tree', memberId, depth] as const,
    search: (q: string) => [...NETWORK, 'downline-search', q] as const,
    newMembers: (q: string, page: number) => [...NETWORK, 'new-members', q, page] as const,
    slots: (uplineId: number | null) => [...NETWORK, 'slots', uplineId] as const,
    summary: () => [...NETWORK, 'summary'] as const,
    overview: () => [...NETWORK, 'overview'] as const,
    /** The team's new members and orders this business week (the dashboard). */
    week: () => [...NETWORK, 'week'] as const,
    /** My paid orders and invitations: the dashboard's first steps (an order refreshes the network). */
    firstSteps: () => [...NETWORK, 'first-steps'] as const,
  },
  /** The member's reports and balances (network API, report/...): an order or a release changes them. */
  reports: {
    all: REPORTS,
    /** One report call (its path under /network/api/v1) with its query: `call('report/summary_point', { date_from, date_to })`. */
    call: (name: string, query: Query = {}) => [...REPORTS, name, query] as const,
  },
  statements: {
    all: STATEMENTS,
    holdLots: () => [...STATEMENTS, 'hold-lots'] as const,
    holdLotPage: (page: number) => [...STATEMENTS, 'hold-lots', page] as const,
    holdLot: (lotId: number) => [...STATEMENTS, 'hold-lot', lotId] as const,
    canceled: (page: number, from: string, to: string) =>
      [...STATEMENTS, 'canceled', page, from, to] as const,
    periods: () => [...STATEMENTS, 'periods'] as const,
    month: (month: string) => [...STATEMENTS, 'month', month] as const,
    year: (year: number) => [...STATEMENTS, 'year', year] as const,
  },
  wallet: {
    all: WALLET,
    /** The wallet's figures: the wallet page's and the dashboard's next payout. */
    figures: () => [...WALLET, 'figures'] as const,
    list: (list: 'payouts' | 'income_lines', page: number) => [...WALLET, list, page] as const,
  },
  notifications: {
    all: NOTIFICATIONS,
    page: (page: number) => [...NOTIFICATIONS, 'list', page] as const,
    unread: () => [...NOTIFICATIONS, 'unread-count'] as const,
  },
  /** The signed-in devices. */
  sessions: { all: SESSIONS },
  /** The member's personal data (decisions 044, 045): consents due, the staff's views, a closure request. */
  privacy: {
    all: PRIVACY,
    consents: () => [...PRIVACY, 'consents'] as const,
    documentViews: (page: number) => [...PRIVACY, 'document-views', page] as const,
    closure: () => [...PRIVACY, 'closure-request'] as const,
  },
  /** The nightly backups' status (staff). */
  backups: {
    all: BACKUPS,
    status: () => [...BACKUPS, 'status'] as const,
  },
  /** The staff's review of requests to close accounts. */
  closureRequests: {
    all: CLOSURE_REQUESTS,
    page: (state: string, page: number) => [...CLOSURE_REQUESTS, state, page] as const,
  },
  /** The shop's products as each reader sees them (a visitor retail prices, a member PV too). */
  products: {
    all: PRODUCTS,
    catalog: (filter: Query, signedIn: boolean, lang: string) =>
      [...PRODUCTS, 'catalog', filter, signedIn, lang] as const,
    one: (code: string, signedIn: boolean, lang: string) =>
      [...PRODUCTS, 'one', code, signedIn, lang] as const,
    /** The plan's packages as the member may buy them now. */
    packages: (lang: string) => [...PRODUCTS, 'packages', lang] as const,
    community: (shop: string | null, filter: Query, lang: string) =>
      [...PRODUCTS, 'community', shop, filter, lang] as const,
    staff: (filter: Query, lang: string) => [...PRODUCTS, 'staff', filter, lang] as const,
    staffAll: (lang: string) => [...PRODUCTS, 'staff-all', lang] as const,
  },
  /** Orders: the member's, a guest's, a community shop's, the staff desk's. */
  orders: {
    all: ORDERS,
    mine: (page: number, lang: string) => [...ORDERS, 'mine', page, lang] as const,
    one: (number: string, lang: string, guestKey: string | null) =>
      [...ORDERS, 'one', number, lang, guestKey] as const,
    community: (page: number, lang: string) => [...ORDERS, 'community', page, lang] as const,
    staff: (filter: Query, lang: string) => [...ORDERS, 'staff', filter, lang] as const,
    staffOne: (number: string | null, lang: string) => [...ORDERS, 'staff-one', number, lang] as const,
    slip: (number: string, slipId: number) => [...ORDERS, 'slip', number, slipId] as const,
  },
  /** The member's cart: the shop's pages and the top bar's badge. */
  cart: {
    all: CART,
    full: (lang: string) => [...CART, 'full', lang] as const,
    badge: (userId: number | null) => [...CART, 'badge', userId] as const,
  },
  /** What an order would charge: keyed by the body asked, so nothing needs to invalidate it. */
  quote: (path: string, lang: string, body: unknown, basis: unknown) =>
    ['quote', path, lang, body, basis] as const,
  /** Community shops: a shop's owner (`?shop=CODE`), and the member's own selling prices. */
  communityShops: {
    all: COMMUNITY_SHOPS,
    one: (code: string | null) => [...COMMUNITY_SHOPS, 'one', code] as const,
    myPrices: (lang: string) => [...COMMUNITY_SHOPS, 'my-prices', lang] as const,
  },
  /** The staff's KYC review: the queue and each member's case. */
  kycCases: {
    all: KYC_CASES,
    queue: (status: string, q: string, page: number) => [...KYC_CASES, 'queue', status, q, page] as const,
    queueAll: () => [...KYC_CASES, 'queue'] as const,
    one: (memberId: number) => [...KYC_CASES, 'case', memberId] as const,
  },
  /** The member's passkeys (settings): adding or removing one changes the list. */
  passkeys: {
    all: ['passkeys'] as const,
    mine: () => ['passkeys', 'mine'] as const,
  },
  /** The engine desk: closings, payouts, adjustments and the plan; a closing changes all of it. */
  engine: {
    all: ENGINE,
    closingStatus: () => [...ENGINE, 'closings', 'status'] as const,
    runs: (filter: Query) => [...ENGINE, 'closings', 'runs', filter] as const,
    run: (id: number) => [...ENGINE, 'closings', 'run', id] as const,
    adjustments: () => [...ENGINE, 'adjustments'] as const,
    adjustableMembers: (q: string) => [...ENGINE, 'adjustments', 'members', q] as const,
    adjustmentPage: (memberId: number | null, page: number) =>
      [...ENGINE, 'adjustments', 'list', memberId, page] as const,
    payouts: (page: number) => [...ENGINE, 'payouts', 'list', page] as const,
    payout: (date: string) => [...ENGINE, 'payouts', 'run', date] as const,
    payoutMembers: (date: string, which: string, page: number, q: string) =>
      [...ENGINE, 'payouts', 'run', date, which, page, q] as const,
    plan: () => [...ENGINE, 'plan'] as const,
    simulationQueue: () => [...ENGINE, 'plan', 'simulation-queue'] as const,
  },
  /** Links and codes a visitor brings: each is read once for the page it opened. */
  auth: {
    tokenCheck: (token: string | null) => ['auth', 'token-check', token] as const,
    activation: (token: string) => ['auth', 'activation', token] as const,
    passwordReset: (token: string) => ['auth', 'password-reset', token] as const,
    referrer: (code: string) => ['auth', 'referrer', code] as const,
  },
  /** What anyone may read: the plan, the company, the income disclosure. */
  public: {
    all: PUBLIC,
    plan: () => [...PUBLIC, 'plan'] as const,
    company: () => [...PUBLIC, 'company'] as const,
    disclosureYears: () => [...PUBLIC, 'income-disclosure', 'years'] as const,
    disclosure: (year: number | null) => [...PUBLIC, 'income-disclosure', year] as const,
  },
} as const;

/** Marks every view of these resources stale (those on screen fetch again): what a change touched. */
export const invalidate = async (client: QueryClient, ...resources: readonly (readonly unknown[])[]) => {
  await Promise.all(resources.map((queryKey) => client.invalidateQueries({ queryKey })));
};
