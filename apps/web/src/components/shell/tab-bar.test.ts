import { describe, expect, it } from 'vitest';
import { activeTab, phoneTabs } from './tab-bar';

const ctx = { shopUrl: 'https://shop.example/', unreadCount: 0, hasMember: true };

describe('the phone tabs', () => {
  it('are home, organization, wallet, shop and more for a member', () => {
    const tabs = phoneTabs(ctx, false);
    expect(tabs.map((t) => t.key)).toEqual(['home', 'organization', 'wallet', 'shop', 'more']);
    expect(tabs[0]!.to).toBe('/dashboard');
    expect(tabs.find((t) => t.key === 'shop')!.href).toBe('https://shop.example/');
  });

  it('lead a suspended member home to the notifications, without the organization', () => {
    const tabs = phoneTabs(ctx, true);
    expect(tabs.map((t) => t.key)).toEqual(['home', 'wallet', 'shop', 'more']);
    expect(tabs[0]!.to).toBe('/notifications');
  });

  it('leave the shop out when the portal has no shop address', () => {
    expect(phoneTabs({ ...ctx, shopUrl: null }, false).map((t) => t.key)).not.toContain('shop');
  });

  it("mark the address's own tab, its sub-pages too, and any other page as more", () => {
    const tabs = phoneTabs(ctx, false);
    expect(activeTab(tabs, '/dashboard')).toBe('home');
    expect(activeTab(tabs, '/organization')).toBe('organization');
    expect(activeTab(tabs, '/wallet/history')).toBe('wallet');
    expect(activeTab(tabs, '/walletx')).toBe('more');
    expect(activeTab(tabs, '/reports/cycle_bonus')).toBe('more');
  });
});
