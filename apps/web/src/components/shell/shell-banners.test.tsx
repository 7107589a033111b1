// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { SuspensionEntry } from '@portal/contracts/identity';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n/i18n';
import { stubMatchMedia } from '../../lib/testing/match-media';
import { KYC_FLASH_INTERVAL_MS, NoticeBar } from './notice-bar';
import { OfflineGate } from './offline-gate';

beforeAll(async () => {
  stubMatchMedia();
  initI18n('th');
  // The shell's texts come with the query layout around it in the portal.
  await import('../../lib/i18n/portal-namespaces');
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
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

const open = () => fireEvent.click(screen.getByTestId('notice-toggle'));
const NONE_MISSING = { identity: true, bank: true };

describe('the notice bar (suspension and KYC in one line)', () => {
  it('when a suspended member is shown the bar then one line carries the Thai title and message, and the whole message opens on a tap', () => {
    wrap(<NoticeBar suspension={[entry('active'), entry('warning')]} kyc={NONE_MISSING} />);
    const line = screen.getByTestId('notice-line');
    expect(line.textContent).toContain('บัญชีของคุณถูกระงับ');
    expect(line.textContent).toContain('กรุณายืนยันตัวตนภายใน 3 วัน');
    const toggle = screen.getByTestId('notice-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    open();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const banner = screen.getByTestId('suspension-banner');
    expect(banner.textContent).toContain('กรุณายืนยันตัวตนภายใน 3 วัน');
    expect(banner.dataset.status).toBe('active');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.contains(banner)).toBe(true);
  });

  it('when the language is English then the English message shows', async () => {
    await i18n.changeLanguage('en');
    wrap(<NoticeBar suspension={[entry('warning')]} kyc={null} />);
    expect(screen.getByTestId('notice-line').textContent).toContain('Please complete KYC within 3 days');
  });

  it('when there is a suspension and KYC is missing then the line names the first and counts the other', () => {
    wrap(<NoticeBar suspension={[entry('warning')]} kyc={{ identity: false, bank: false }} />);
    expect(screen.getByTestId('notice-toggle').textContent).toContain('อีก 1 เรื่อง');
    open();
    expect(screen.getByTestId('kyc-reminder').textContent).toContain('ยังไม่ได้ยืนยันตัวตนและบัญชีธนาคาร');
  });

  it('when the bar is opened then its notices are remembered as read, per message, after a reload', () => {
    const view = wrap(<NoticeBar suspension={[entry('warning')]} kyc={null} />);
    expect(screen.getByTestId('notice-bar').dataset.unread).toBe('true');
    expect(screen.getByTestId('notice-toggle').textContent).toContain('ใหม่');
    open();
    expect(screen.getByTestId('notice-bar').dataset.unread).toBeUndefined();
    view.unmount();
    wrap(<NoticeBar suspension={[entry('warning')]} kyc={null} />);
    expect(screen.getByTestId('notice-bar').dataset.unread).toBeUndefined();
    cleanup();
    // The same entry moving to "active" is a new message: unread again.
    wrap(<NoticeBar suspension={[entry('active')]} kyc={null} />);
    expect(screen.getByTestId('notice-bar').dataset.unread).toBe('true');
  });

  it('when KYC is missing then the opened bar links to the documents and the icon restarts its flash every 6 seconds', () => {
    vi.useFakeTimers();
    wrap(<NoticeBar suspension={[]} kyc={{ identity: false, bank: true }} />);
    open();
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

  it('when nothing is suspended and identity and bank are verified (or there is no member) then no bar shows', () => {
    wrap(<NoticeBar suspension={[]} kyc={NONE_MISSING} />);
    expect(screen.queryByTestId('notice-bar')).toBeNull();
    cleanup();
    wrap(<NoticeBar suspension={null} kyc={null} />);
    expect(screen.queryByTestId('notice-bar')).toBeNull();
  });
});
