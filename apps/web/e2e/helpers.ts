import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl, lastMessage, newPage } from './browser';

/** The demo network the server seeds on its first start (README, First start). */
export const DEMO = {
  email: 'demo@portal.test',
  mobile: '0800000001',
  password: 'demo-pass-1234',
  invitationCode: 'DEMO2026',
  firstName: 'สมชาย',
  lastName: 'ใจดี',
  suspendedEmail: 'suspended@portal.test',
  suspendedPassword: 'demo-pass-1234',
} as const;

/** Waits for an element to be on screen and answers its text. */
export async function visibleText(locator: Locator, timeout = 15_000): Promise<string> {
  await locator.waitFor({ state: 'visible', timeout });
  return (await locator.innerText()).trim();
}

/**
 * The boxes on the page that scroll sideways (overflow-x auto or scroll, wider content than box):
 * on a phone, a table cut at the screen's edge. Each as its tag and test id or class.
 */
export async function sidewaysBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter(
        (el) => /auto|scroll/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1,
      )
      .map((el) => `${el.tagName} ${el.getAttribute('data-testid') ?? el.className}`),
  );
}

export { untilStill } from './still';

/** Waits until the page shows `text` somewhere (exact substring). */
export async function sees(page: Page, text: string, timeout = 15_000): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout });
}

/** The page's <h1>/<h2> heading with that text is on screen. */
export async function seesHeading(page: Page, name: string, timeout = 15_000): Promise<void> {
  await page.getByRole('heading', { name, exact: true }).first().waitFor({ state: 'visible', timeout });
}

/** Opens a fresh context and page, runs `fn`, and always closes the context. */
export async function withPage<T>(
  browser: Browser,
  opts: Parameters<typeof newPage>[1],
  fn: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const { context, page } = await newPage(browser, opts);
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  // Kept for the failure message: what went wrong on the wire and in the console.
  const trouble: string[] = [];
  page.on('requestfailed', (r) => trouble.push(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 500 || r.status() === 429)
      trouble.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('pageerror', (e) => trouble.push(`page error: ${e.message}`));
  try {
    return await fn(page, context);
  } catch (error) {
    // What the page showed when the test gave up: .test-data/failures/<time>.png
    const dir = path.resolve(import.meta.dirname, '../../../.test-data/failures');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${Date.now()}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    if (error instanceof Error)
      error.message += `\n(page: ${page.url()}, screenshot: ${file})${trouble.map((l) => `\n  ${l}`).join('')}`;
    throw error;
  } finally {
    await context.close();
  }
}

/** Types a six-digit code into the PIN inputs the way a person would. */
export async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('otp-input').locator('input').first().click();
  await page.keyboard.type(code, { delay: 20 });
}

/** Fills the sign-in form and submits it, without waiting for where it leads. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the address bar shows `pathname` (query ignored). */
export async function waitForPath(page: Page, pathname: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

// ---- members made for one test --------------------------------------------------------------

export interface NewMember {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  password: string;
}

let counter = 0;

/** A member nobody has registered yet: unique e-mail and Thai mobile (09 + 8 digits). */
export function newMember(tag: string): NewMember {
  counter += 1;
  const digits = `${Date.now() % 1_000_000}${process.pid % 10}${counter % 10}`.padStart(8, '0').slice(-8);
  return {
    // Thai names with marks above and below the line, so clipping would show in screenshots.
    firstName: 'วิไลวรรณ',
    lastName: `ศักดิ์สิทธิ์ ${tag}`,
    email: `${tag}-${digits}@e2e.test`,
    mobile: `09${digits}`,
    password: 'first-pass-1234',
  };
}

async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-App-Key': 'portal-web' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseUrl()}/member${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { data?: T } & Record<string, unknown>;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return (path === '/oauth/token' ? json : json.data) as T;
}

/**
 * Registers a member through the API (the registration screens have their own test), and
 * verifies the mobile with the OTP from the outbox (or, `by: 'email'`, the e-mail by its
 * activation link) unless `verified` is false.
 */
export async function createMember(
  m: NewMember,
  { verified = true, by = 'mobile' }: { verified?: boolean; by?: 'mobile' | 'email' } = {},
): Promise<NewMember> {
  const { access_token: token } = await api<{ access_token: string }>('/oauth/token', {
    method: 'POST',
    body: { grant_type: 'client_credentials', client_id: 'portal-web', client_secret: 'public' },
  });
  await api('/v1/users', {
    method: 'POST',
    token,
    body: {
      first_name: m.firstName,
      last_name: m.lastName,
      email: m.email,
      mobile: m.mobile,
      password: m.password,
      password_confirmation: m.password,
      gender: 'female',
      country_id: 764,
      authen_type_default: 'mobile',
      ref_uuid: DEMO.invitationCode,
      accept_terms: true,
      accept_privacy: true,
    },
  });
  if (verified && by === 'email') {
    const sent = new Date();
    await api('/v1/activate/request', { method: 'POST', token, body: { email: m.email } });
    const mail = await lastMessage(m.email, 'onboarding', sent);
    const link = new URL(mail.link!);
    await api('/v1/activate', { method: 'POST', token, body: { token: link.searchParams.get('token') } });
  } else if (verified) {
    const sent = new Date();
    const otp = await api<{ id: string; ref_code: string }>('/v1/otp-transactions', {
      method: 'POST',
      token,
      body: { username: m.mobile, purpose: 'onboarding' },
    });
    const { code } = await lastMessage(m.mobile, 'onboarding', sent);
    await api(`/v1/otp-transactions/${otp.id}`, {
      method: 'PUT',
      token,
      body: { mobile: m.mobile, code, ref_code: otp.ref_code },
    });
  }
  return m;
}

/**
 * A signed-in member picks a language: the portal also saves it on their account. Waits for
 * that save, so a test that switches back leaves the shared demo accounts as it found them.
 */
export async function chooseLanguageSignedIn(page: Page, lang: 'th' | 'en'): Promise<number> {
  const [saved] = await Promise.all([
    page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/member/v1/me' && r.request().method() === 'PUT',
    ),
    page.getByTestId(`lang-${lang}`).click(),
  ]);
  return saved.status();
}

/** A JSON call to the portal's API with the web's app key (GET, or POST with `body`): its `data`. */
export async function call<T>(path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'X-App-Key': 'portal-web',
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A member's access token by signing in through the API. */
export const tokenOf = async (username: string, password: string) =>
  (await call<{ access_token: string }>('/member/v1/login', undefined, { username, password })).access_token;
