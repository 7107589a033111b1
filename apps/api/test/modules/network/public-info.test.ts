import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyInfo, PublicCompany, PublicPlan } from '@portal/contracts/public-info';
import { publicCompanySchema, publicPlanSchema } from '@portal/contracts/public-info';
import { addDays } from '@portal/plan/dates';
import { DEFAULT_PLAN, planWithOverrides } from '@portal/plan/params';
import { businessNow } from '../../../src/lib/clock';
import { loadCompanyInfo } from '../../../src/modules/network/public/service';
import { appToken, call, createTestApp, type TestApp } from '../../helpers/app';
import { expectData, expectError } from '../../helpers/expect';

/**
 * The public calls of the public pages (decision 019): the plan in force today for /tables and the
 * bonus manual, and the company's details and locations for /contact and /maps; an application
 * token is enough, no sign-in.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await appToken(t.app);
});
afterAll(() => t.close());

const plan = async () =>
  expectData<PublicPlan>(await call(t.app, 'GET', '/network/api/v1/public/plan', { token }));

describe('GET /network/api/v1/public/plan', () => {
  it('when no token is sent then 401; the app key alone opens nothing', async () => {
    expectError(await call(t.app, 'GET', '/network/api/v1/public/plan'), 401, 'UNAUTHENTICATED');
    expectError(
      await call(t.app, 'GET', '/network/api/v1/public/plan', { token, appKey: null }),
      401,
      'INVALID_APP_KEY',
    );
  });

  it('when no version is stored then the built-in plan answers, as version 0 from no date', async () => {
    const today = (await businessNow(t.app.ctx.db, t.config)).date;
    const answer = await plan();
    expect(publicPlanSchema.parse(answer)).toEqual({
      version: 0,
      effective_from: null,
      business_date: today,
      params: DEFAULT_PLAN,
    });
  });

  it('when versions are stored then the one in force today answers, not a later one', async () => {
    const today = (await businessNow(t.app.ctx.db, t.config)).date;
    const current = planWithOverrides({ REFERRER_PCT: '0.25', MIN_PAYOUT: '200.00' });
    const later = planWithOverrides({ REFERRER_PCT: '0.30' });
    // Versions as staff would have stored them earlier (the desk refuses today or a closed day).
    const { rows } = await t.database.pool.query<{ version: number }>(
      `insert into plan_versions (effective_from, params, note) values ($1, $2, 'current'), ($3, $4, 'later')
       returning version`,
      [addDays(today, -3), JSON.stringify(current), addDays(today, 5), JSON.stringify(later)],
    );
    const answer = await plan();
    expect(answer.version).toBe(rows[0]!.version);
    expect(answer.effective_from).toBe(addDays(today, -3));
    expect(answer.params).toEqual(current);
    expect(answer.params.REFERRER_PCT).toBe('0.25');
    // Parameters only: nothing of who stored it or why.
    expect(Object.keys(answer).sort()).toEqual(['business_date', 'effective_from', 'params', 'version']);
  });
});

describe('GET /network/api/v1/public/company', () => {
  it('answers the configured company and its locations to an application token', async () => {
    const file = JSON.parse(fs.readFileSync(t.config.companyFile, 'utf8')) as CompanyInfo;
    const answer = expectData<CompanyInfo>(
      await call(t.app, 'GET', '/network/api/v1/public/company', { token }),
    );
    expect(publicCompanySchema.parse(answer)).toEqual({
      ...file,
      kyc_deadline: { pre_pending_days: t.config.kyc.prePendingDays, pending_days: t.config.kyc.pendingDays },
    });
    expect(answer.locations.length).toBeGreaterThanOrEqual(10);
    expect(new Set(answer.locations.map((l) => l.province.code)).size).toBeGreaterThan(5);
    expectError(await call(t.app, 'GET', '/network/api/v1/public/company'), 401, 'UNAUTHENTICATED');
  });

  it('when COMPANY_FILE names another file then that one answers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'company-'));
    const custom: CompanyInfo = {
      ...(JSON.parse(fs.readFileSync(t.config.companyFile, 'utf8')) as CompanyInfo),
      phone: '02-000-0000',
    };
    custom.locations = custom.locations.slice(0, 2);
    fs.writeFileSync(path.join(dir, 'company.json'), JSON.stringify(custom));
    const other = await createTestApp({
      COMPANY_FILE: path.join(dir, 'company.json'),
      KYC_PENDING_DAYS: '7',
    });
    try {
      const answer = expectData<PublicCompany>(
        await call(other.app, 'GET', '/network/api/v1/public/company', { token: await appToken(other.app) }),
      );
      expect(answer.phone).toBe('02-000-0000');
      expect(answer.kyc_deadline.pending_days).toBe(7);
      expect(answer.locations.map((l) => l.id)).toEqual(custom.locations.map((l) => l.id));
    } finally {
      await other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when the file breaks the contract then the server does not start and names the field', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'company-'));
    const broken = JSON.parse(fs.readFileSync(t.config.companyFile, 'utf8')) as CompanyInfo;
    broken.locations[1]!.lat = 48.85; // Paris is not on the map of Thailand
    fs.writeFileSync(path.join(dir, 'company.json'), JSON.stringify(broken));
    try {
      // What the routes call at start: a throw there stops buildApp.
      expect(() => loadCompanyInfo(path.join(dir, 'company.json'))).toThrow(/invalid at locations\.1\.lat/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
