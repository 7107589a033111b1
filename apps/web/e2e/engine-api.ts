import { randomUUID } from 'node:crypto';
import { baseUrl, lastMessage } from './browser';
import type { NewMember } from './helpers';
import { signInApi, submitKycByApi } from './kyc-api';

/**
 * API shortcuts for the engine desk's browser test: a member made payable (KYC approved by staff), a
 * member they referred who buys a package (the referrer bonus to pay), and the demo clock.
 */
export const STAFF = { email: 'staff@portal.test', password: 'demo-pass-1234' } as const;

export async function api<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-App-Key': 'portal-web',
    ...init.headers,
  };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { data?: T } & Record<string, unknown>;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return (path.endsWith('/oauth/token') ? json : json.data) as T;
}

/** Registers a member under `invitationCode` and verifies their mobile with the outbox's OTP. */
export async function registerUnder(m: NewMember, invitationCode: string): Promise<NewMember> {
  const { access_token: token } = await api<{ access_token: string }>('/member/oauth/token', {
    method: 'POST',
    body: { grant_type: 'client_credentials', client_id: 'portal-web', client_secret: 'public' },
  });
  await api('/member/v1/users', {
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
      ref_uuid: invitationCode,
      accept_terms: true,
      accept_privacy: true,
    },
  });
  const sent = new Date();
  const otp = await api<{ id: string; ref_code: string }>('/member/v1/otp-transactions', {
    method: 'POST',
    token,
    body: { username: m.mobile, purpose: 'onboarding' },
  });
  const { code } = await lastMessage(m.mobile, 'onboarding', sent);
  await api(`/member/v1/otp-transactions/${otp.id}`, {
    method: 'PUT',
    token,
    body: { mobile: m.mobile, code, ref_code: otp.ref_code },
  });
  return m;
}

/** KYC submitted by the member and approved (identity and bank) by staff: the member is payable. */
export async function makePayable(m: NewMember): Promise<number> {
  const memberId = await submitKycByApi(m.email, m.password, `${m.firstName} ${m.lastName}`);
  const staff = await signInApi(STAFF.email, STAFF.password);
  await api(`/staff/v1/kyc/${memberId}/start`, { method: 'POST', token: staff, body: {} });
  for (const target of ['identity', 'bank'])
    await api(`/staff/v1/kyc/${memberId}/approve`, { method: 'POST', token: staff, body: { target } });
  return memberId;
}

export async function invitationCodeOf(m: NewMember): Promise<string> {
  const token = await signInApi(m.email, m.password);
  return (await api<{ invitation_code: string }>('/member/v1/me', { token })).invitation_code;
}

/** The member buys a package in the shop, paid at once with the demo payment. */
export async function buyPackage(m: NewMember, code: string): Promise<void> {
  const token = await signInApi(m.email, m.password);
  const offers = await api<{ packages: { code: string; product_code: string }[] }>('/shop/v1/me/packages', {
    token,
  });
  const offer = offers.packages.find((p) => p.code === code);
  if (!offer) throw new Error(`no package ${code} on offer`);
  await api('/shop/v1/cart/items', {
    method: 'POST',
    token,
    body: { product_code: offer.product_code, quantity: 1 },
  });
  await api('/shop/v1/orders', {
    method: 'POST',
    token,
    headers: { 'Idempotency-Key': randomUUID() },
    body: { order_type: 'PACKAGE', delivery: { method: 'pickup' }, payment_method: 'demo' },
  });
}

/** The demo's business date. */
export const businessDate = async () => (await api<{ date: string }>('/dev/clock')).date;

/** Moves the demo's business date forward; with `close: false` the days passed are left open. */
export const moveClock = (date: string, close = true) =>
  api<{ from: string; to: string }>('/dev/clock', { method: 'POST', body: { date, close } });

const DAY_MS = 86_400_000;
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The first Tuesday (the plan's payout weekday) whose run pays income dated `date`: two days after a Sunday on or after it. */
export function payoutTuesdayFor(date: string): string {
  let d = addDays(date, 2);
  while (weekday(d) !== 2) d = addDays(d, 1);
  return d;
}
