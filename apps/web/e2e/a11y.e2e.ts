import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { User } from '@portal/contracts/identity';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../src/app/guard';
import { routePatterns } from '../src/lib/paths';
import { baseUrl, DESKTOP, launch, signIn } from './browser';
import { STAFF } from './engine-api';
import { createMember, DEMO, newMember, untilStill, withPage, type NewMember } from './helpers';

/**
 * axe-core in Chromium over every page the router registers (paths.ts, which a unit test holds
 * equal to the router's table), in Thai and English, signed out and as each kind of account that
 * may open it (the route guard decides). Any serious or critical violation fails the test; the
 * counts per page are printed and written to screenshots/a11y.json.
 *
 * A new page is covered as soon as it is in paths.ts. A page with a `:param` needs a sample value
 * below: the test fails for a pattern it cannot fill rather than skip it quietly.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Lang = 'th' | 'en';
type Who = 'guest' | 'member' | 'staff' | 'unverified' | 'suspended';

interface Account {
  username: string;
  password: string;
  token: string;
  user: User;
}

async function api<T>(p: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-App-Key': 'portal-web' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl()}${p}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { data?: T };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json.data as T;
}

async function account(username: string, password: string): Promise<Account> {
  const { access_token: token } = await api<{ access_token: string }>('/member/v1/login', {
    method: 'POST',
    body: { username, password },
  });
  const user = await api<User>('/member/v1/me', { token });
  return { username, password, token, user };
}

const setLanguage = (a: Account, language: Lang) =>
  api('/member/v1/me', { method: 'PUT', token: a.token, body: { language } });

/**
 * Sample values for the parameterised pages, read from the running demo where one exists. A
 * pattern missing here fails the test (add its sample when you add the page).
 */
async function samples(staff: Account, member: Account): Promise<Record<string, string>> {
  const first = async <T>(p: string, token: string): Promise<T | undefined> =>
    (await api<{ items: T[] }>(p, { token }).catch(() => ({ items: [] as T[] }))).items[0];
  const closing = await first<{ id: number }>('/staff/v1/closings?per_page=1', staff.token);
  const payout = await first<{ date: string }>('/staff/v1/payouts?per_page=1', staff.token);
  const product = await first<{ code: string }>('/shop/v1/products?per_page=1', member.token);
  const order = await first<{ number: string }>('/shop/v1/orders?per_page=1', member.token);
  const lot = await first<{ id: number }>('/network/api/v1/hold_point?per_page=1', member.token);
  return {
    '/auth/register/:refererCode': `/auth/register/${DEMO.invitationCode}`,
    // Not a live token: the page still shows its form (the server judges the token on submit).
    '/auth/reset_password/:resetPasswordToken': '/auth/reset_password/a11y-sample-token?code=123456',
    '/staff/kyc/:memberId': `/staff/kyc/${member.user.member?.id ?? 1}`,
    '/staff/closings/:id': `/staff/closings/${closing?.id ?? 1}`,
    '/staff/payouts/:date': `/staff/payouts/${payout?.date ?? '2026-01-06'}`,
    '/ecommerce/products/:productCode': `/ecommerce/products/${encodeURIComponent(product?.code ?? 'NONE')}`,
    '/hold_point/manage/:lotId': `/hold_point/manage/${lot?.id ?? 1}`,
    '/ecommerce/orders/:orderNumber': `/ecommerce/orders/${encodeURIComponent(order?.number ?? 'NONE')}`,
  };
}

/** Pages that move on by themselves: axe checks where they land. */
const MOVES_ON = new Set([
  '/',
  '/auth',
  '/auth/Check',
  '/auth/activate',
  // without a lot to manage, the hold points' manage page goes back to the list
  '/hold_point/manage',
]);
/**
 * Signing out shows nothing of its own: it ends the session (which would sign the rest of the run
 * out) and sends everyone to the sign-in page, which is checked.
 */
const NOT_A_PAGE = new Set(['/auth/logout']);

interface Finding {
  who: Who;
  lang: Lang;
  route: string;
  url: string;
  landed: string;
  counts: Record<'critical' | 'serious' | 'moderate' | 'minor', number>;
  failing: string[];
}

const findings: Finding[] = [];
let browser: Browser;
let accounts: Record<Exclude<Who, 'guest'>, Account>;
let sampleUrls: Record<string, string>;
let unverified: NewMember;

beforeAll(async () => {
  browser = await launch();
  unverified = await createMember(newMember('a11y'), { verified: false });
  accounts = {
    member: await account(DEMO.email, DEMO.password),
    staff: await account(STAFF.email, STAFF.password),
    unverified: await account(unverified.email, unverified.password),
    suspended: await account(DEMO.suspendedEmail, DEMO.suspendedPassword),
  };
  sampleUrls = await samples(accounts.staff, accounts.member);
});

afterAll(async () => {
  // The shared demo accounts go back to the language they had.
  for (const a of Object.values(accounts ?? {}))
    await setLanguage(a, a.user.language as Lang).catch(() => {});
  await browser?.close();
  const dir = path.resolve(import.meta.dirname, '../../../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'a11y.json'), JSON.stringify(findings, null, 2));
});

function urlFor(pattern: string): string {
  if (!pattern.includes(':')) return pattern;
  const url = sampleUrls[pattern];
  if (!url) throw new Error(`a11y.e2e.ts has no sample address for ${pattern}: add one to samples()`);
  return url;
}

/** The pages `who` may open: the route guard lets them in (null) for that address. */
function pagesFor(who: Who): string[] {
  const user = who === 'guest' ? null : accounts[who].user;
  return routePatterns().filter((pattern) => {
    if (NOT_A_PAGE.has(pattern)) return false;
    return decide({ path: urlFor(pattern).split('?')[0]!, signedIn: user !== null, user }) === null;
  });
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page
    .getByRole('status', { name: /กำลังโหลด|Loading/ })
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 });
  // Every query of the page has its first data (the main region is no longer aria-busy), so axe
  // checks the content, not a page half drawn (the organization tree draws after its data).
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      return main !== null && main.getAttribute('aria-busy') !== 'true';
    },
    undefined,
    { timeout: 30_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Mantine's transitions (drawers, notifications) have finished.
  await untilStill(page);
}

interface AxeResult {
  id: string;
  impact: 'critical' | 'serious' | 'moderate' | 'minor' | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

async function audit(page: Page): Promise<AxeResult[]> {
  // Evaluated, not added as a <script>: the portal's Content-Security-Policy refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, o: object) => Promise<{ violations: AxeResult[] }> };
      }
    ).axe;
    // label-content-name-mismatch (WCAG 2.5.3) is one of axe's experimental rules, off by default.
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

async function check(page: Page, who: Who, lang: Lang, route: string): Promise<Finding> {
  const url = urlFor(route);
  await page.goto(url);
  await settle(page);
  const landed = new URL(page.url()).pathname;
  if (!MOVES_ON.has(route))
    expect(landed.toLowerCase(), `${who} ${url} stayed on its page`).toBe(url.split('?')[0]!.toLowerCase());
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  const violations = await audit(page);
  const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  const failing: string[] = [];
  for (const v of violations) {
    if (v.impact) counts[v.impact] += v.nodes.length;
    if (v.impact === 'serious' || v.impact === 'critical')
      failing.push(
        `${v.impact} ${v.id} (${v.help}) ×${v.nodes.length}: ${v.nodes
          .slice(0, 4)
          .map((n) => JSON.stringify(n.target))
          .join(', ')}`,
      );
  }
  const finding = { who, lang, route, url, landed, counts, failing };
  console.log(
    `a11y ${lang} ${who.padEnd(10)} ${url.padEnd(44)} critical ${counts.critical} serious ${counts.serious} moderate ${counts.moderate} minor ${counts.minor}`,
  );
  return finding;
}

const WHO: Who[] = ['guest', 'member', 'staff', 'unverified', 'suspended'];

/**
 * Pages of one account and language are checked in this many tabs at once. Each tab is its own
 * browser context with its own sign-in (its own session): tabs sharing one context would share the
 * refresh cookie, and two pages loading at once would both trade it in, which the API takes for a
 * stolen token and ends the session. Most of a page's time is waiting (network idle, transitions),
 * so three tabs overlap those waits without asking more of two cores than one tab's axe run.
 */
const TABS = Number(process.env.A11Y_TABS ?? 3);

describe('accessibility (axe-core) on every page', () => {
  it('when the guard is asked then every registered page is open to at least one kind of visitor checked here', () => {
    const reached = new Set([...WHO.flatMap(pagesFor), ...NOT_A_PAGE]);
    expect(routePatterns().filter((r) => !reached.has(r))).toEqual([]);
  });

  for (const lang of ['th', 'en'] as const) {
    for (const who of WHO) {
      it(`${lang}: ${who} — no serious or critical violation`, { timeout: 600_000 }, async () => {
        const routes = pagesFor(who);
        expect(routes.length).toBeGreaterThan(0);
        if (who !== 'guest') await setLanguage(accounts[who], lang);
        const queue = [...routes];
        const checked = new Map<string, Finding>();
        const tab = () =>
          withPage(browser, { viewport: DESKTOP, lang }, async (page) => {
            try {
              if (who !== 'guest') await signIn(page, accounts[who].username, accounts[who].password);
              for (let route = queue.shift(); route !== undefined; route = queue.shift())
                checked.set(route, await check(page, who, lang, route));
            } catch (error) {
              queue.length = 0; // one tab failing stops the others taking new pages
              throw error;
            }
          });
        const tabs = await Promise.allSettled(Array.from({ length: Math.min(TABS, routes.length) }, tab));
        // The report keeps the order of paths.ts, whatever order the tabs finished in.
        const done = routes.flatMap((route) => checked.get(route) ?? []);
        findings.push(...done);
        const failed = tabs.find((t): t is PromiseRejectedResult => t.status === 'rejected');
        if (failed) throw failed.reason;
        expect(done.map((f) => f.route)).toEqual(routes); // every page checked, once
        expect(done.flatMap((f) => f.failing.map((line) => `${f.url}: ${line}`))).toEqual([]);
      });
    }
  }
});
