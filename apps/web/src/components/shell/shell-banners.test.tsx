// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { SuspensionEntry } from '@portal/contracts/identity';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n/i18n';
import { KycReminder, KYC_FLASH_INTERVAL_MS } from './kyc-reminder';
import { OfflineGate } from './offline-gate';
import { SuspensionBanner } from './suspension-banner';

beforeAll(() => {
  // jsdom has no matchMedia; Mantine asks it for the colour scheme.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  initI18n('th');
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await i18n.changeLanguage('th');
});

const wrap = (ui: ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );

const entry = (status: SuspensionEntry['status']): SuspensionEntry => ({
  id: 1,
  period: 'suspended',
  status,
  days_left: null,
  suspended_at: null,
  message: 'Please complete KYC within 3 days',
  message_th: 'กรุณายืนยันตัวตนภายใน 3 วัน',
  created_at: '2026-11-01T00:00:00Z',
});

describe('suspension banner', () => {
  it('shows the Thai message of the first entry in Thai', () => {
    wrap(<SuspensionBanner entries={[entry('active'), entry('warning')]} />);
    const banner = screen.getByTestId('suspension-banner');
    expect(banner.textContent).toContain('กรุณายืนยันตัวตนภายใน 3 วัน');
    expect(banner.dataset.status).toBe('active');
  });

  it('shows the English message in English', async () => {
    await i18n.changeLanguage('en');
    wrap(<SuspensionBanner entries={[entry('warning')]} />);
    expect(screen.getByTestId('suspension-banner').textContent).toContain(
      'Please complete KYC within 3 days',
    );
  });

  it('shows nothing without entries', () => {
    wrap(<SuspensionBanner entries={[]} />);
    expect(screen.queryByTestId('suspension-banner')).toBeNull();
  });
});

describe('offline gate', () => {
  it('replaces the content while offline and restores it on `online`', () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    wrap(
      <OfflineGate>
        <p>content</p>
      </OfflineGate>,
    );
    expect(screen.getByTestId('offline-message').textContent).toContain(
      'ไม่มีอินเทอร์เน็ต คุณออฟไลน์อยู่ กรุณาตรวจสอบการเชื่อมต่อ',
    );
    expect(screen.queryByText('content')).toBeNull();

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-message')).toBeNull();
    expect(screen.getByText('content')).toBeTruthy();
    onLine.mockRestore();
  });
});

describe('KYC reminder', () => {
  it('links to the documents section and restarts the icon animation every 6 seconds', () => {
    vi.useFakeTimers();
    wrap(<KycReminder identity={false} bank />);
    expect(screen.getByTestId('kyc-reminder').querySelector('a')?.getAttribute('href')).toBe(
      '/profile#documents',
    );
    const first = screen.getByTestId('kyc-reminder-icon');
    act(() => {
      vi.advanceTimersByTime(KYC_FLASH_INTERVAL_MS - 1);
    });
    expect(screen.getByTestId('kyc-reminder-icon')).toBe(first);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    // A new element: the browser starts its CSS animation again.
    expect(screen.getByTestId('kyc-reminder-icon')).not.toBe(first);
  });

  it('is hidden once identity and bank are verified', () => {
    wrap(<KycReminder identity bank />);
    expect(screen.queryByTestId('kyc-reminder')).toBeNull();
  });
});
