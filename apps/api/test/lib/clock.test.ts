import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors';
import { advanceDemoClock, bangkokDate, businessNow } from '../../src/lib/clock';
import { createTestApp, type TestApp } from '../helpers/app';

/** The business clock (docs/plan.md E3): Bangkok days, and the demo's date that only moves forward. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DEMO = { demoMode: true };
const LIVE = { demoMode: false };

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('the business date', () => {
  it('when it is 23:59:59.999 in Bangkok then the day is still that day; at 00:00 the next one', async () => {
    // Bangkok is UTC+7 all year: its midnight is 17:00 UTC the day before.
    expect(bangkokDate(new Date('2025-03-31T16:59:59.999Z'))).toBe('2025-03-31');
    expect(bangkokDate(new Date('2025-03-31T17:00:00.000Z'))).toBe('2025-04-01');
    expect(bangkokDate(new Date('2024-12-31T17:00:00.000Z'))).toBe('2025-01-01');
    expect(bangkokDate(new Date('2024-02-28T17:30:00.000Z'))).toBe('2024-02-29');
    const late = new Date('2025-03-31T16:59:59.999Z');
    expect(await businessNow(t.database.db, LIVE, late)).toEqual({ date: '2025-03-31', at: late });
  });

  it('when not in demo mode then the demo offset is never read and moving the date is refused as not found', async () => {
    await t.database.pool.query(`insert into demo_clock (id, offset_days) values (1, 5)
      on conflict (id) do update set offset_days = 5`);
    const real = new Date('2025-06-10T03:00:00Z');
    expect((await businessNow(t.database.db, LIVE, real)).date).toBe('2025-06-10');
    const err = await refusal(advanceDemoClock(t.database.db, '2025-07-01', LIVE, real));
    expect(err.statusCode).toBe(404);
    const { rows } = await t.database.pool.query(`select offset_days from demo_clock`);
    expect(rows).toEqual([{ offset_days: 5 }]);
    await t.database.pool.query(`delete from demo_clock`);
  });

  it('when demo mode moves the date forward then every later read sees it, in days and in the instant', async () => {
    const real = new Date('2025-06-10T16:30:00Z'); // 23:30 on 10 June in Bangkok
    expect((await businessNow(t.database.db, DEMO, real)).date).toBe('2025-06-10');
    expect(await advanceDemoClock(t.database.db, '2025-06-13', DEMO, real)).toEqual({
      from: '2025-06-10',
      to: '2025-06-13',
      offsetDays: 3,
    });
    const now = await businessNow(t.database.db, DEMO, real);
    expect(now).toEqual({ date: '2025-06-13', at: new Date('2025-06-13T16:30:00Z') });
    // Half an hour later the real day turns, and the business day with it.
    expect((await businessNow(t.database.db, DEMO, new Date('2025-06-10T17:00:00Z'))).date).toBe(
      '2025-06-14',
    );
    // A second move counts from the moved date.
    expect(await advanceDemoClock(t.database.db, '2025-07-01', DEMO, real)).toMatchObject({
      from: '2025-06-13',
      offsetDays: 21,
    });
  });

  it('when demo mode is asked for the same day, an earlier one or no real date then nothing moves (422)', async () => {
    const real = new Date('2025-06-10T03:00:00Z');
    const before = await businessNow(t.database.db, DEMO, real);
    for (const date of [before.date, '2025-06-09', '2025-02-30', '2025-6-30', 'tomorrow']) {
      const err = await refusal(advanceDemoClock(t.database.db, date, DEMO, real));
      expect(err.statusCode, date).toBe(422);
      expect(err.fieldErrors?.date, date).toBeDefined();
    }
    expect(await businessNow(t.database.db, DEMO, real)).toEqual(before);
  });

  it('when two moves race then they are serialised: the later one counts from the earlier one', async () => {
    const real = new Date('2025-06-10T03:00:00Z');
    const start = (await businessNow(t.database.db, DEMO, real)).date;
    const results = await Promise.allSettled([
      advanceDemoClock(t.database.db, '2025-08-01', DEMO, real),
      advanceDemoClock(t.database.db, '2025-08-01', DEMO, real),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(start < '2025-08-01').toBe(true);
    expect((await businessNow(t.database.db, DEMO, real)).date).toBe('2025-08-01');
  });
});
