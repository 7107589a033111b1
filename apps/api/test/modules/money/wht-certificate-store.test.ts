import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/plan/dates';
import { postCancellation } from '../../../src/compensation/ledger';
import { runPayout } from '../../../src/compensation/payout';
import { planFor } from '../../../src/compensation/plan';
import { businessNow } from '../../../src/lib/clock';
import { rendersStarted } from '../../../src/modules/money/statements/wht-renderer';
import { call, createTestApp, type TestApp } from '../../helpers/app';
import { paid, treeMember, memberTokenOf } from '../../helpers/engine';

/**
 * Issue 19, finding 4: the certificate was rendered on every request (1.6–5.4 s of CPU each under
 * load). It is rendered once per member and year, kept, and served from there until the statement
 * it was made from changes (a reversal into the year); parallel requests share one render.
 */
let t: TestApp;
let year: number;
let token: string;
let december: number;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_GLOBAL: '100000' });
  const today = (await businessNow(t.database.db, t.config)).date;
  year = Number(today.slice(0, 4)) - 1;
  const a = await treeMember(t);
  const b = await treeMember(t, { parent: a, side: 'left', referrer: a });
  const march = `${year}-03-03`;
  await paid(t, a.id, 'PACKAGE', 1500, march, 'SILVER');
  await paid(t, b.id, 'PACKAGE', 9000, march, 'PLATINUM');
  let run = addDays(march, 7);
  while (new Date(`${run}T00:00:00Z`).getUTCDay() !== 2) run = addDays(run, 1);
  await t.database.db.transaction(async (tx) => runPayout(tx, await planFor(tx, run), run));
  // A December repurchase whose cashback is still waiting: canceling it later voids income of the year.
  december = await paid(t, a.id, 'REPURCHASE', 400, `${year}-12-20`);
  token = await memberTokenOf(t, a.userId);
}, 120_000);
afterAll(() => t.close());

const download = () => call(t.app, 'GET', `/network/api/v1/statement/yearly/${year}/wht.pdf`, { token });
const stored = async () =>
  (
    await t.database.pool.query(
      `select c.fingerprint, c.created_at from wht_certificates c join members m on m.id = c.member_id
       join users u on u.id = m.user_id where c.year = $1`,
      [year],
    )
  ).rows;

describe('the 50 ทวิ certificate is rendered once', () => {
  it('when it is downloaded twice then the second comes from the store, byte for byte', async () => {
    const before = rendersStarted();
    const first = await download();
    expect(first.statusCode).toBe(200);
    expect(rendersStarted() - before).toBe(1);
    const [row] = await stored();
    const second = await download();
    expect(second.statusCode).toBe(200);
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    expect(rendersStarted() - before).toBe(1);
    expect(await stored()).toEqual([row]);
  });

  it('when an order of the year is canceled then the next download renders it again, once for twenty at once', async () => {
    const [old] = await stored();
    const today = (await businessNow(t.database.db, t.config)).date;
    await t.database.db.transaction(async (tx) =>
      postCancellation(tx, await planFor(tx, today), december, { date: today, at: new Date() }),
    );
    const before = rendersStarted();
    const answers = await Promise.all(Array.from({ length: 20 }, () => download()));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(Buffer.compare(a.rawPayload, answers[0]!.rawPayload)).toBe(0);
    expect(rendersStarted() - before).toBe(1);
    const [now] = await stored();
    expect(now.fingerprint).not.toBe(old.fingerprint);
  });
});
