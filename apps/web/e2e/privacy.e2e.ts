import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, launch, PHONE, shot, signIn } from './browser';
import { createMember, newMember, sees, sidewaysBoxes, untilStill, waitForPath, withPage } from './helpers';
import { signInApi, submitKycByApi } from './kyc-api';

/**
 * Members' personal-data rights in the browser (issue 22, item 5; decisions 044 and 045): the
 * privacy notice, the settings' card (a copy of one's data, the staff's views of one's documents,
 * asking to close the account), the staff's page of closure requests, and the consent asked at
 * sign-in of a member who registered before consents were recorded. Thai and English, desktop and
 * phone, with screenshots to look at.
 */
let browser: Browser;
const STAFF = { email: 'staff@portal.test', password: 'demo-pass-1234' };
const VIEWPORTS = { desktop: DESKTOP, phone: PHONE } as const;

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-App-Key': 'portal-web' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A member whose documents staff opened: the case once, the ID card's file once. */
async function memberSeenByStaff(tag: string) {
  const m = await createMember(newMember(tag));
  const memberId = await submitKycByApi(m.email, m.password, `${m.firstName} ${m.lastName}`);
  const staffToken = await signInApi(STAFF.email, STAFF.password);
  const kase = await api<{ documents: { id: number; type: string }[] }>(`/staff/v1/kyc/${memberId}`, {
    token: staffToken,
  });
  const card = kase.documents.find((d) => d.type === 'government_id')!;
  const file = await fetch(`${baseUrl()}/staff/v1/documents/${card.id}/file`, {
    headers: { 'X-App-Key': 'portal-web', Authorization: `Bearer ${staffToken}` },
  });
  expect(file.status).toBe(200);
  return { ...m, memberId, documents: kase.documents.length };
}

/** Staff land on their desk (its address is the shell's business): wait until signed in. */
async function signInStaff(page: Page) {
  await page.goto('/auth/login');
  await page.getByTestId('login-username').fill(STAFF.email);
  await page.getByTestId('login-password').fill(STAFF.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname.startsWith('/staff'));
}

async function noSidewaysScroll(page: Page) {
  expect(await sidewaysBoxes(page)).toEqual([]);
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the privacy notice', () => {
  for (const lang of ['th', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      it(`says its version, what is kept and whom to contact: ${lang} on a ${device}`, async () => {
        await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
          await page.goto('/policy');
          const version = page.getByTestId('legal-version');
          await version.waitFor();
          expect(await version.innerText()).toContain(lang === 'th' ? 'ฉบับที่ 2' : 'Version 2');
          expect(await version.innerText()).toContain(lang === 'th' ? '2569' : '2026');
          await sees(page, lang === 'th' ? 'บัญชีธนาคาร' : 'bank accounts');
          const contact = page.getByTestId('policy-contact');
          await contact.getByText('support@sabaishop-network.co.th').waitFor();
          await noSidewaysScroll(page);
          await untilStill(page);
          await shot(page, `privacy-notice-${lang}-${device}`);
        });
      });
    }
  }
});

describe("a member's personal data in settings", () => {
  it('downloads a copy, sees the staff’s views of their documents and asks to close the account', async () => {
    const m = await memberSeenByStaff('pdpa');
    await withPage(browser, {}, async (page) => {
      await signIn(page, m.email, m.password);
      await page.goto('/setting');
      const card = page.getByTestId('settings-privacy');
      await card.waitFor();
      // The case listed every document, and the ID card was downloaded: newest first.
      const views = card.getByTestId('privacy-view');
      await expect.poll(() => views.count()).toBe(m.documents + 1);
      expect(await views.first().getAttribute('data-action')).toBe('file');
      expect(await views.first().innerText()).toContain('บัตรประชาชน');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByTestId('privacy-export').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const file = await download.path();
      expect(file).toBeTruthy();

      await card.getByTestId('privacy-closure-open').click();
      const modal = page.getByTestId('privacy-closure-modal');
      await modal.getByTestId('privacy-closure-reason').fill('ย้ายไปทำงานต่างประเทศ');
      await modal.getByTestId('privacy-closure-submit').click();
      await card.getByTestId('privacy-closure-pending').waitFor();
      expect(await page.getByTestId('privacy-closure-open').count()).toBe(0);
    });
  });

  for (const lang of ['th', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      it(`screenshots of the card and the closure dialog: ${lang} on a ${device}`, async () => {
        const m = await memberSeenByStaff(`pdpa${lang}${device[0]}`);
        await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
          await signIn(page, m.email, m.password);
          await page.goto('/setting');
          const card = page.getByTestId('settings-privacy');
          await expect.poll(() => card.getByTestId('privacy-view').count()).toBe(m.documents + 1);
          await noSidewaysScroll(page);
          await card.scrollIntoViewIfNeeded();
          await untilStill(page);
          await shot(page, `privacy-settings-${lang}-${device}`);
          await card.getByTestId('privacy-closure-open').click();
          await page.getByTestId('privacy-closure-reason').waitFor();
          await untilStill(page, '[data-testid="privacy-closure-modal"]');
          await shot(page, `privacy-closure-dialog-${lang}-${device}`, { fullPage: false });
        });
      });
    }
  }
});

describe('staff review the requests to close accounts', () => {
  it('approves one: the member is erased from the list and can no longer sign in', async () => {
    const m = await memberSeenByStaff('closeme');
    const token = await signInApi(m.email, m.password);
    const request = await api<{ id: number }>('/member/v1/me/closure-request', {
      method: 'POST',
      token,
      body: { reason: 'ไม่ได้ใช้งานแล้ว' },
    });
    await withPage(browser, {}, async (page) => {
      await signInStaff(page);
      await page.getByTestId('nav-staffClosures').click();
      await waitForPath(page, '/staff/closures');
      const row = page.locator('[data-testid="closure-request"]', {
        hasText: `${m.firstName} ${m.lastName}`,
      });
      await row.waitFor();
      expect(await row.innerText()).toContain('ไม่ได้ใช้งานแล้ว');
      await row.getByTestId('closure-approve').click();
      const dialog = page.getByTestId('closure-decision');
      await dialog.getByTestId('closure-decision-submit').click();
      await row.waitFor({ state: 'detached' });

      await page.getByTestId('closure-filter').getByText('อนุมัติแล้ว').click();
      const approved = page.locator(`[data-testid="closure-request"][data-state="approved"]`).first();
      await approved.waitFor();
      expect(await approved.innerText()).toContain('(ลบแล้ว)');
    });
    const res = await fetch(`${baseUrl()}/member/v1/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Key': 'portal-web' },
      body: JSON.stringify({ username: m.email, password: m.password }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(request.id).toBeGreaterThan(0);
  });

  for (const lang of ['th', 'en'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      it(`screenshots of the requests: ${lang} on a ${device}`, async () => {
        const m = await createMember(newMember(`req${lang}${device[0]}`));
        await api('/member/v1/me/closure-request', {
          method: 'POST',
          token: await signInApi(m.email, m.password),
          body: { reason: lang === 'th' ? 'ต้องการลบข้อมูลส่วนบุคคลทั้งหมด' : 'I no longer sell' },
        });
        await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
          await signInStaff(page);
          await page.goto('/staff/closures');
          await page.locator('[data-testid="closure-request"]', { hasText: m.lastName }).waitFor();
          await noSidewaysScroll(page);
          await untilStill(page);
          await shot(page, `staff-closures-${lang}-${device}`);
        });
      });
    }
  }
});

describe('consent asked at sign-in', () => {
  it('a member registered before consents were recorded accepts the notice once', async () => {
    // The demo's members other than the demo account registered before consents were recorded.
    const staffToken = await signInApi(STAFF.email, STAFF.password);
    const users = await api<{ items: { email: string; is_verifies_mobile: boolean; is_active: boolean }[] }>(
      '/member/v1/users?search=member1&per_page=100',
      { token: staffToken },
    );
    const old = users.items.find((u) => /^member1\d@portal\.test$/.test(u.email) && u.is_verifies_mobile)!;
    for (const lang of ['th', 'en'] as const) {
      for (const device of ['desktop', 'phone'] as const) {
        await withPage(browser, { viewport: VIEWPORTS[device], lang }, async (page) => {
          await signIn(page, old.email, 'demo-pass-1234');
          const prompt = page.getByTestId('consent-prompt');
          await prompt.getByTestId('consent-due-privacy').waitFor();
          await untilStill(page, '[data-testid="consent-prompt"]');
          await shot(page, `consent-prompt-${lang}-${device}`, { fullPage: false });
          // "Not now" closes it for this session; the portal stays usable.
          await prompt.getByTestId('consent-later').click();
          await prompt.waitFor({ state: 'detached' });
          await page.reload();
          await page.getByTestId('nav-dashboard').first().waitFor();
          expect(await page.getByTestId('consent-prompt').count()).toBe(0);
        });
      }
    }
    await withPage(browser, {}, async (page) => {
      await signIn(page, old.email, 'demo-pass-1234');
      const prompt = page.getByTestId('consent-prompt');
      await prompt.getByTestId('consent-accept').click();
      await prompt.waitFor({ state: 'detached' });
    });
    const states = await api<{ document: string; due: boolean }[]>('/member/v1/me/consents', {
      token: await signInApi(old.email, 'demo-pass-1234'),
    });
    expect(states.every((s) => !s.due)).toBe(true);
    await withPage(browser, {}, async (page) => {
      const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/member/v1/me/consents');
      await signIn(page, old.email, 'demo-pass-1234');
      expect((await asked).status()).toBe(200);
      await untilStill(page);
      expect(await page.getByTestId('consent-prompt').count()).toBe(0);
    });
  });
});
