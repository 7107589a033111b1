import { Badge, Indicator, NavLink, Stack, Tooltip } from '@mantine/core';
import {
  IconBell,
  IconBuildingStore,
  IconAdjustmentsHorizontal,
  IconBinaryTree2,
  IconCalendarCheck,
  IconCash,
  IconChartBar,
  IconFlask,
  IconFileInvoice,
  IconHourglass,
  IconReceiptOff,
  IconPlusMinus,
  IconExternalLink,
  IconHome,
  IconLayoutDashboard,
  IconDatabase,
  IconMail,
  IconShoppingBag,
  IconReceipt,
  IconReportAnalytics,
  IconPackages,
  IconUserCheck,
  IconUserX,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { Fragment, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths';

export interface NavContext {
  shopUrl: string | null;
  /**
   * Opens the shop signed in: asks for a one-time login code and opens the shop with it. Without
   * it (or for a middle click) the link opens the shop's plain address.
   */
  openShop?: (() => void) | null;
  unreadCount: number;
  /** a staff or admin account (sees the KYC review) */
  isStaff?: boolean;
  /** false for an account without a member record (staff): member-only items hide */
  hasMember?: boolean;
}

/**
 * The sidebar, in order (spec order: Dashboard, Organization, Online Shopping, Reports,
 * Notifications, then the staff desk).
 */
export interface NavItem {
  key: string;
  label: ParseKeys<'shell'>;
  icon: Icon;
  /** in-app route */
  to?: string;
  /** external link built per render; null hides the item */
  href?: (ctx: NavContext) => string | null;
  /** what a plain click does instead of following `href` */
  onOpen?: (ctx: NavContext) => (() => void) | null | undefined;
  hiddenWhenSuspended?: boolean;
  /** shown only when this answers true */
  visible?: (ctx: NavContext) => boolean;
  badge?: (ctx: NavContext) => number;
  /** Links under this item, opened below it (the report list); the item itself links to `to`. */
  children?: { key: string; label: ParseKeys<'shell'>; to: string }[];
}

/** The member reports in the sidebar, in the order of the reports index. */
const REPORT_LINKS = (Object.keys(paths.report) as (keyof typeof paths.report)[]).map((key) => ({
  key: `report-${key}`,
  label: `nav.reportItems.${key}` as const,
  to: paths.report[key].href(),
}));

/**
 * The shop's address with the one-time login code of the Online Shopping link. The spec's link
 * carried the access token itself; a code that works once for 60 s keeps the long-lived token out
 * of the shop's address bar, history and logs.
 */
export function shopLink(shopUrl: string | null, code?: string | null): string | null {
  if (!shopUrl) return null;
  if (!code) return shopUrl;
  return `${shopUrl}${shopUrl.includes('?') ? '&' : '?'}login_code=${encodeURIComponent(code)}`;
}

export const NAV_ITEMS: NavItem[] = [
  {
    key: 'dashboard',
    label: 'nav.dashboard',
    icon: IconLayoutDashboard,
    to: paths.dashboard.href(),
    hiddenWhenSuspended: true,
    // The dashboard is the member's own: staff without a member record have the staff home instead.
    visible: (ctx) => ctx.hasMember !== false,
  },
  {
    key: 'staffHome',
    label: 'nav.staffHome',
    icon: IconHome,
    to: paths.staffHome.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
  {
    key: 'organization',
    label: 'nav.organization',
    icon: IconBinaryTree2,
    to: paths.organization.href(),
    hiddenWhenSuspended: true,
    // The tree is the member's own: an account without a member record has none.
    visible: (ctx) => ctx.hasMember !== false,
  },
  {
    key: 'shop',
    label: 'nav.shop',
    icon: IconShoppingBag,
    href: (ctx) => shopLink(ctx.shopUrl),
    onOpen: (ctx) => ctx.openShop,
  },
  {
    key: 'wallet',
    label: 'nav.wallet',
    icon: IconWallet,
    to: paths.wallet.href(),
    // A suspended member sees it too: it says why nothing is paid and what lifts it. The wallet is
    // the member's own: an account without a member record has none.
    visible: (ctx) => ctx.hasMember !== false,
  },
  {
    key: 'reports',
    label: 'nav.reports',
    icon: IconReportAnalytics,
    to: paths.reports.href(),
    hiddenWhenSuspended: true,
    // The reports are the member's own: an account without a member record has none.
    visible: (ctx) => ctx.hasMember !== false,
    children: [{ key: 'reports-all', label: 'nav.reportsAll', to: paths.reports.href() }, ...REPORT_LINKS],
  },
  {
    key: 'holdPoint',
    label: 'nav.holdPoint',
    icon: IconHourglass,
    to: paths.holdPoint.href(),
    hiddenWhenSuspended: true,
    visible: (ctx) => ctx.hasMember !== false,
  },
  {
    key: 'canceledOrders',
    label: 'nav.canceledOrders',
    icon: IconReceiptOff,
    to: paths.canceledOrders.href(),
    hiddenWhenSuspended: true,
    visible: (ctx) => ctx.hasMember !== false,
  },
  {
    key: 'statements',
    label: 'nav.statements',
    icon: IconFileInvoice,
    to: paths.statements.href(),
    hiddenWhenSuspended: true,
    visible: (ctx) => ctx.hasMember !== false,
  },
  {
    key: 'notifications',
    label: 'nav.notifications',
    icon: IconBell,
    to: paths.notifications.href(),
    badge: (ctx) => ctx.unreadCount,
  },
  {
    key: 'staffKyc',
    label: 'nav.staffKyc',
    icon: IconUserCheck,
    to: paths.staffKyc.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
  {
    key: 'staffMessages',
    label: 'nav.staffMessages',
    icon: IconMail,
    to: paths.staffMessages.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
  {
    key: 'staffBackups',
    label: 'nav.staffBackups',
    icon: IconDatabase,
    to: paths.staffBackups.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
  {
    key: 'staffOrders',
    label: 'nav.staffOrders',
    icon: IconReceipt,
    to: paths.staffOrders.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
  {
    key: 'staffProducts',
    label: 'nav.staffProducts',
    icon: IconPackages,
    to: paths.staffProducts.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
  {
    key: 'staffDropship',
    label: 'nav.staffDropship',
    icon: IconBuildingStore,
    to: paths.report.dropship.href(),
    visible: (ctx) => ctx.isStaff === true && ctx.hasMember === false,
  },
  {
    key: 'staffClosings',
    label: 'nav.staffClosings',
    icon: IconCalendarCheck,
    to: paths.staffClosings.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
  {
    key: 'staffPayouts',
    label: 'nav.staffPayouts',
    icon: IconCash,
    to: paths.staffPayouts.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
  {
    key: 'staffPlan',
    label: 'nav.staffPlan',
    icon: IconAdjustmentsHorizontal,
    to: paths.staffPlan.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
  {
    key: 'staffAdjustments',
    label: 'nav.staffAdjustments',
    icon: IconPlusMinus,
    to: paths.staffAdjustments.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
  {
    key: 'staffSimulator',
    label: 'nav.staffSimulator',
    icon: IconFlask,
    to: paths.staffSimulator.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
  {
    key: 'staffClosures',
    label: 'nav.staffClosures',
    icon: IconUserX,
    to: paths.staffClosures.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
  {
    key: 'staffIncomeDisclosure',
    label: 'nav.staffIncomeDisclosure',
    icon: IconChartBar,
    to: paths.staffIncomeDisclosure.href(),
    visible: (ctx) => ctx.isStaff === true,
  },
];

export function visibleNavItems(items: readonly NavItem[], ctx: NavContext, suspended: boolean): NavItem[] {
  return items.filter(
    (item) =>
      !(suspended && item.hiddenWhenSuspended) &&
      (!item.visible || item.visible(ctx)) &&
      (!item.href || item.href(ctx) !== null),
  );
}

export function NavMenu({
  ctx,
  suspended,
  minimised,
  onNavigate,
}: {
  ctx: NavContext;
  suspended: boolean;
  minimised: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <Stack gap={4} component="nav" aria-label={t('nav.label')}>
      {visibleNavItems(NAV_ITEMS, ctx, suspended).map((item) => {
        const label = t(item.label);
        const count = item.badge?.(ctx) ?? 0;
        const badge =
          count > 0 ? (
            <Badge
              size="sm"
              color="red"
              variant="filled"
              circle={count < 10}
              aria-label={t('nav.unread', { count })}
              data-testid={`nav-${item.key}-badge`}
            >
              {count > 99 ? '99+' : count}
            </Badge>
          ) : null;
        const icon = <item.icon size={20} stroke={1.6} />;
        const common = {
          label: minimised ? undefined : label,
          'aria-label': minimised ? label : undefined,
          leftSection:
            minimised && count > 0 ? (
              <Indicator label={count > 99 ? '99+' : count} size={16} color="red">
                {icon}
              </Indicator>
            ) : (
              icon
            ),
          rightSection: minimised
            ? undefined
            : (badge ?? (item.href ? <IconExternalLink size={14} /> : undefined)),
          'data-testid': `nav-${item.key}`,
          onClick: onNavigate,
          // Icons only: centre them in the narrow rail instead of leaving an empty label column.
          styles: minimised
            ? {
                root: { justifyContent: 'center' },
                section: { marginInlineEnd: 0 },
                body: { display: 'none' },
              }
            : undefined,
        };
        const link = item.href ? (
          <NavLink
            {...common}
            component="a"
            href={item.href(ctx) ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event: MouseEvent) => {
              const open = item.onOpen?.(ctx);
              const plain = !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0;
              if (open && plain) {
                event.preventDefault();
                open();
              }
              onNavigate();
            }}
          />
        ) : item.children && !minimised ? (
          <NavLink
            {...common}
            // A group only opens and closes: a button, which the keyboard reaches (an <a> without
            // an href is skipped by Tab, so the reports were out of reach).
            component="button"
            type="button"
            onClick={undefined}
            defaultOpened={
              item.to !== undefined && (pathname === item.to || pathname.startsWith(`${item.to}/`))
            }
            childrenOffset={28}
          >
            {item.children.map((child) => (
              <NavLink
                key={child.key}
                component={Link}
                to={child.to}
                label={t(child.label)}
                active={pathname === child.to}
                aria-current={pathname === child.to ? 'page' : undefined}
                data-testid={`nav-${child.key}`}
                onClick={onNavigate}
              />
            ))}
          </NavLink>
        ) : (
          <NavLink
            {...common}
            component={Link}
            to={item.to ?? '/'}
            active={item.to !== undefined && (pathname === item.to || pathname.startsWith(`${item.to}/`))}
            aria-current={item.to === pathname ? 'page' : undefined}
          />
        );
        return minimised ? (
          <Tooltip
            key={item.key}
            label={count > 0 ? `${label} (${count})` : label}
            position="right"
            withArrow
          >
            <div>{link}</div>
          </Tooltip>
        ) : (
          <Fragment key={item.key}>{link}</Fragment>
        );
      })}
    </Stack>
  );
}
