import type { User } from '@portal/contracts/identity';
import { isSuspended, suspensionKind } from '@portal/contracts/suspension';
import { paths, safeNextPath } from '../lib/paths';

/**
 * The route guard of spec section 2 as a pure function: given where the visitor wants to go and
 * who they are, answer null (let them in) or the path to send them to instead.
 */
export interface GuardInput {
  /** pathname, optionally with ?search (kept in the login `next` parameter) */
  path: string;
  signedIn: boolean;
  user:
    (Pick<User, 'is_verifies_email' | 'is_verifies_mobile' | 'member'> & Partial<Pick<User, 'type'>>) | null;
}

/** Pages under /staff are for staff and admins; a member asking for one lands on their own page. */
const STAFF_PREFIX = '/staff';
const isStaffPath = (p: string) => p === STAFF_PREFIX || p.startsWith(`${STAFF_PREFIX}/`);
export const isStaffUser = (user: { type?: User['type'] } | null | undefined): boolean =>
  user?.type === 'staff' || user?.type === 'admin';

const lower = (p: string) => p.toLowerCase();

/** Pages anyone may open, signed in or not; no rule applies to them. */
const OPEN = new Set(
  [
    paths.auth.root.path,
    paths.auth.forgotPassword.path,
    paths.auth.verifyCode.path,
    paths.auth.activate.path,
    paths.auth.check.path,
    paths.contact.path,
    paths.manuals.path,
    paths.manualIdentity.path,
    paths.manualOrganization.path,
    paths.manualBonusCalculation.path,
    paths.manualBonusReceiving.path,
    paths.tables.path,
    paths.incomeDisclosure.path,
    paths.maps.path,
    paths.terms.path,
    paths.policy.path,
  ].map(lower),
);
const OPEN_PREFIXES = ['/auth/reset_password/'];

/** Pages for visitors only: a signed-in member has no business on them. */
const GUEST_ONLY = new Set([lower(paths.auth.login.path)]);
const GUEST_ONLY_PREFIXES = ['/auth/register/'];

/** Pages about the member's own network: an account without a member record (staff) has none. */
const MEMBER_ONLY = new Set(
  [
    paths.organization.path,
    paths.wallet.path,
    paths.reports.path,
    ...Object.values(paths.report).map((r) => r.path),
    paths.holdPoint.path,
    paths.holdPointManageIndex.path,
    paths.canceledOrders.path,
    paths.statements.path,
  ].map(lower),
);
const MEMBER_ONLY_PREFIXES = ['/hold_point/manage/'];
/** A member page that staff open too: theirs shows every member's rows. */
const STAFF_TOO = lower(paths.report.dropship.path);

const VERIFY_PAGES = new Set([paths.auth.verifyAccount.path, paths.auth.resendVerifyCode.path].map(lower));
/** A suspended member still reads their wallet: why nothing is paid out, and what lifts it. */
const SUSPENDED_ALLOWED = new Set(
  [paths.changePassword.path, paths.notifications.path, paths.wallet.path].map(lower),
);
/** Finishing KYC is the way out of a KYC suspension: its profile sections stay open (decision 012). */
const KYC_SUSPENDED_ALLOWED = new Set([paths.profile.path].map(lower));
const LOGOUT = lower(paths.auth.logout.path);
const DASHBOARD = lower(paths.dashboard.path);

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return lower(trimmed || '/');
}

function matches(path: string, exact: Set<string>, prefixes: readonly string[]): boolean {
  return exact.has(path) || prefixes.some((prefix) => path.startsWith(prefix) && path.length > prefix.length);
}

function isUnverified(user: NonNullable<GuardInput['user']>): boolean {
  return !user.is_verifies_email && !user.is_verifies_mobile;
}

/** Where a signed-in member belongs when the page they asked for is not theirs. */
export function landingFor(user: NonNullable<GuardInput['user']>): string {
  if (isUnverified(user)) return paths.auth.resendVerifyCode.path;
  if (isSuspended(user.member?.suspension)) return paths.notifications.path;
  // Staff without a member record start on the staff home: the queues waiting for them.
  if (isStaffUser(user) && !user.member) return paths.staffHome.path;
  return paths.dashboard.path;
}

/** Logout carries over `callback` and `next` to the login page (spec section 2). */
export function loginAfterLogout(search: string): string {
  const from = new URLSearchParams(search);
  const carried = new URLSearchParams();
  for (const key of ['callback', 'next']) {
    const value = from.get(key);
    if (value) carried.set(key, value);
  }
  const qs = carried.toString();
  return paths.auth.login.path + (qs ? `?${qs}` : '');
}

export function decide({ path, signedIn, user }: GuardInput): string | null {
  const queryAt = path.indexOf('?');
  const pathname = queryAt >= 0 ? path.slice(0, queryAt) : path;
  const search = queryAt >= 0 ? path.slice(queryAt) : '';
  const p = normalise(pathname.split('#')[0] ?? '/');

  if (matches(p, OPEN, OPEN_PREFIXES)) return null;
  const guestOnly = matches(p, GUEST_ONLY, GUEST_ONLY_PREFIXES);

  if (!signedIn || !user) {
    if (guestOnly) return null;
    if (p === LOGOUT) return loginAfterLogout(search);
    return paths.auth.login.href(pathname + search);
  }

  if (p === LOGOUT) return null;
  if (guestOnly) {
    // Right after sign-in the login page is still on screen: honour its `next` (when safe and allowed).
    const next = safeNextPath(new URLSearchParams(search).get('next'));
    const nextPath = next ? normalise(next.split(/[?#]/)[0] ?? '/') : null;
    if (next && nextPath && !matches(nextPath, GUEST_ONLY, GUEST_ONLY_PREFIXES) && nextPath !== LOGOUT) {
      return decide({ path: next, signedIn, user }) ?? next;
    }
    return landingFor(user);
  }

  if (isUnverified(user)) return VERIFY_PAGES.has(p) ? null : paths.auth.resendVerifyCode.path;
  if (VERIFY_PAGES.has(p)) return landingFor(user);

  if (isStaffPath(p) && !isStaffUser(user)) return landingFor(user);
  // The community-income report is also the staff's view of everyone's rows (spec: admin only).
  const staffReport = p === STAFF_TOO && isStaffUser(user);
  if (matches(p, MEMBER_ONLY, MEMBER_ONLY_PREFIXES) && !user.member && !staffReport) return landingFor(user);
  // The dashboard is a member's: staff without a member record have the staff home instead.
  if (p === DASHBOARD && isStaffUser(user) && !user.member) return paths.staffHome.path;
  const suspension = suspensionKind(user.member?.suspension);
  if (suspension !== 'none' && !SUSPENDED_ALLOWED.has(p)) {
    if (suspension === 'kyc' && KYC_SUSPENDED_ALLOWED.has(p)) return null;
    return paths.notifications.path;
  }
  return null;
}
