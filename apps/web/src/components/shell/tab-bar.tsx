import { Indicator } from '@mantine/core';
import {
  IconBinaryTree2,
  IconDots,
  IconHome,
  IconShoppingBag,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import type { NavContext } from './nav-items';
import classes from './tab-bar.module.css';

export type TabKey = 'home' | 'organization' | 'wallet' | 'shop' | 'more';

export interface Tab {
  key: TabKey;
  icon: Icon;
  /** in-app route; none for the shop (another site) and "more" (opens the menu) */
  to?: string;
  href?: string;
}

/**
 * The phone's tabs (issue 23, item 11): home, organization, wallet, shop, more. A suspended member's
 * home is their notifications and they have no organization (as in the menu); the shop tab goes
 * when the portal has no shop address. Only a member has tabs: a staff account uses the menu.
 */
export function phoneTabs(ctx: NavContext, suspended: boolean): Tab[] {
  const tabs: Tab[] = [
    {
      key: 'home',
      icon: IconHome,
      to: suspended ? paths.notifications.href() : paths.dashboard.href(),
    },
  ];
  if (!suspended) tabs.push({ key: 'organization', icon: IconBinaryTree2, to: paths.organization.href() });
  tabs.push({ key: 'wallet', icon: IconWallet, to: paths.wallet.href() });
  // The shop's plain address; a plain tap opens it signed in (ctx.openShop), as the menu's link does.
  const shop = ctx.shopUrl;
  if (shop) tabs.push({ key: 'shop', icon: IconShoppingBag, href: shop });
  tabs.push({ key: 'more', icon: IconDots });
  return tabs;
}

/** Which tab the address belongs to: its own tab's pages, else "more" (the menu holds the rest). */
export function activeTab(tabs: readonly Tab[], pathname: string): TabKey {
  const own = tabs.find((tab) => tab.to && (pathname === tab.to || pathname.startsWith(`${tab.to}/`)));
  return own?.key ?? 'more';
}

export function TabBar({
  ctx,
  suspended,
  menuOpen,
  onMore,
}: {
  ctx: NavContext;
  suspended: boolean;
  menuOpen: boolean;
  /** opens the full menu (the sidebar's drawer) */
  onMore: () => void;
}) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const tabs = phoneTabs(ctx, suspended);
  const active = menuOpen ? 'more' : activeTab(tabs, pathname);
  return (
    <nav className={classes.bar} aria-label={t('tabs.label')} data-testid="tab-bar">
      {tabs.map((tab) => {
        const label = t(`tabs.${tab.key}`);
        const icon =
          tab.key === 'more' && ctx.unreadCount > 0 ? (
            <Indicator size={8} color="red" offset={2} data-testid="tab-more-unread">
              <tab.icon size={22} stroke={1.6} />
            </Indicator>
          ) : (
            <tab.icon size={22} stroke={1.6} />
          );
        const inner = (
          <>
            {icon}
            <span className={classes.label} data-tab-label>
              {label}
            </span>
          </>
        );
        const common = {
          className: classes.tab,
          'data-active': active === tab.key || undefined,
          'data-testid': `tab-${tab.key}`,
        };
        if (tab.to)
          return (
            <Link
              key={tab.key}
              {...common}
              to={tab.to}
              aria-current={active === tab.key ? 'page' : undefined}
            >
              {inner}
            </Link>
          );
        if (tab.href)
          return (
            <a
              key={tab.key}
              {...common}
              href={tab.href}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event: MouseEvent) => {
                const open = ctx.openShop;
                const plain = !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0;
                if (open && plain) {
                  event.preventDefault();
                  open();
                }
              }}
            >
              {inner}
            </a>
          );
        return (
          <button key={tab.key} {...common} type="button" aria-expanded={menuOpen} onClick={onMore}>
            {inner}
          </button>
        );
      })}
    </nav>
  );
}
