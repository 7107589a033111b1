import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutDetail, PayoutHeld, PayoutPaid } from '@portal/contracts/engine';
import { createTestApp, type TestApp } from '../../helpers/app';
import { closeDays, desk, paid, treeMember, type TreeMember } from '../../helpers/engine';
import { expectData, expectError } from '../../helpers/expect';
import { staffToken } from '../../helpers/shop';

/**
 * A payout run as staff see it: who was paid (gross, WHT, point part, net, bank), who was held back
 * and why (stored by the run), the totals, the bank transfer file, the WHT list and the held list.
 *
 * Besides the tree of `top`, a second tree: `lone`, verified by the flags but whose only bank account
 * was rejected, refers a SILVER buyer (a referrer bonus of 300.00): not paid, held back with
 * NO_BANK_ACCOUNT, its lines still WAITING (issue 18).
 */
let t: TestApp;
let staff: Awaited<ReturnType<typeof staffToken>>;
let top: TreeMember;
let left: TreeMember;
let right: TreeMember;
let lone: TreeMember;
const PAID_ON = '2025-03-01'; // Saturday
const RUN = '2025-03-04'; // Tuesday: pays lines up to Sunday 2025-03-02

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffToken(t);
  top = await treeMember(t, { firstName: 'สมศักดิ์' });
  left = await treeMember(t, { parent: top, side: 'left', referrer: top });
  right = await treeMember(t, { parent: top, side: 'right', referrer: top, verified: false });
  const leftLeft = await treeMember(t, { parent: left, side: 'left', referrer: left });
  const rightLeft = await treeMember(t, { parent: right, side: 'left', referrer: right });
  await paid(t, top.id, 'PACKAGE', 1500, PAID_ON, 'SILVER');
  for (const m of [left, right, leftLeft, rightLeft]) await paid(t, m.id, 'PACKAGE', 500, PAID_ON, 'STARTER');
  lone = await treeMember(t, { firstName: 'ไร้บัญชี' });
  await t.database.pool.query(
    `update bank_accounts set status = 'fail', reason = 'blurred' where user_id = $1`,
    [lone.userId],
  );
  const loneBuyer = await treeMember(t, { parent: lone, side: 'left', referrer: lone });
  await paid(t, lone.id, 'PACKAGE', 500, PAID_ON, 'STARTER');
  await paid(t, loneBuyer.id, 'PACKAGE', 1500, PAID_ON, 'SILVER');
  await closeDays(t, staff.token, ['2025-03-01', '2025-03-02', '2025-03-03', RUN]);
});
afterAll(() => t.close());

describe('payout runs on the staff desk', () => {
  it('when the run has paid then the list and the detail show its totals and who was held back', async () => {
    const list = expectData(await desk(t, 'GET', '/payouts', staff.token));
    expect(list.pagination.total).toBe(1);
    // top: referrer 2 × 100.00 and 2 cycles (120.00, 12.00 of it as points); WHT 5% of 320.00
    const expected = {
      run_date: RUN,
      paid_members: 1,
      held_members: 3,
      gross: '320.00',
      wht: '16.00',
      point_part: '12.00',
      fee: '0.00',
      net: '292.00',
      held_gross: '500.00',
      staff: { user_id: staff.user.id },
    };
    expect(list.items[0]).toMatchObject(expected);
    const detail = expectData<PayoutDetail>(await desk(t, 'GET', `/payouts/${RUN}`, staff.token));
    expect(detail).toMatchObject({
      ...expected,
      held_by_reason: { NOT_PAYABLE: 1, NO_BANK_ACCOUNT: 1, NOTHING_TO_PAY: 0, BELOW_MINIMUM: 1 },
    });
    expectError(await desk(t, 'GET', '/payouts/2025-03-05', staff.token), 404, 'NOT_FOUND');
  });

  it('lists the members paid with their bank, and the members held back with the reason', async () => {
    const paidPage = expectData(await desk(t, 'GET', `/payouts/${RUN}/paid`, staff.token));
    expect(paidPage.items as PayoutPaid[]).toEqual([
      expect.objectContaining({
        member_id: top.id,
        member_code: top.code,
        gross: '320.00',
        wht: '16.00',
        point_part: '12.00',
        net: '292.00',
        bank_code: 'kbank',
        account_name: expect.stringContaining('สมศักดิ์'),
      }),
    ]);
    const held = expectData(await desk(t, 'GET', `/payouts/${RUN}/held`, staff.token));
    expect(
      (held.items as PayoutHeld[])
        .map((h) => [h.member_id, h.reason, h.gross])
        .sort((a, b) => +a[0]! - +b[0]!),
    ).toEqual([
      [left.id, 'BELOW_MINIMUM', '100.00'],
      [right.id, 'NOT_PAYABLE', '100.00'],
      [lone.id, 'NO_BANK_ACCOUNT', '300.00'],
    ]);
    const found = expectData(await desk(t, 'GET', `/payouts/${RUN}/held?q=${right.code}`, staff.token));
    expect(found.items).toHaveLength(1);
  });

  it('when staff download the transfer file then it is a CSV attachment: bank code, account, name, amount', async () => {
    const res = await desk(t, 'GET', `/payouts/${RUN}/transfer.csv`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="payout-${RUN}-transfer.csv"`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('bank_code,account_no,account_name,amount');
    expect(lines[1]).toMatch(/^004,12345\d{5},สมศักดิ์ ทดสอบ\d+,292\.00$/);
    expect(lines.slice(2)).toEqual(['']);
  });

  it('when a verified member has no approved bank account then the run does not pay them and their lines stay WAITING', async () => {
    const { rows } = await t.database.pool.query<{ state: string; n: number; amount: string }>(
      `select state, count(*)::int as n, sum(amount)::text as amount from income_lines where member_id = $1 group by state`,
      [lone.id],
    );
    expect(rows).toEqual([{ state: 'WAITING', n: 1, amount: '300.00' }]);
    const { rows: payouts } = await t.database.pool.query(`select 1 from payouts where member_id = $1`, [
      lone.id,
    ]);
    expect(payouts).toEqual([]);
    // The bank transfer file never has a line without a bank, an account and a name.
    const res = await desk(t, 'GET', `/payouts/${RUN}/transfer.csv`, staff.token);
    for (const line of res.body.split('\r\n').slice(1).filter(Boolean))
      expect(line).toMatch(/^\d{3},\d{10,15},[^,]+,\d+\.\d\d$/);
  });

  it('when staff download the held list then it has each member held back with the gross and the reason', async () => {
    const res = await desk(t, 'GET', `/payouts/${RUN}/held.csv`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="payout-${RUN}-held.csv"`);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('member_code,name,gross,reason');
    const rows = lines.slice(1).filter(Boolean);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${left.code},สมาชิก ทดสอบ\\d+,100\\.00,BELOW_MINIMUM$`)),
        expect.stringMatching(new RegExp(`^${right.code},สมาชิก ทดสอบ\\d+,100\\.00,NOT_PAYABLE$`)),
        expect.stringMatching(new RegExp(`^${lone.code},ไร้บัญชี ทดสอบ\\d+,300\\.00,NO_BANK_ACCOUNT$`)),
      ]),
    );
    expect(rows).toHaveLength(3);
    expectError(await desk(t, 'GET', '/payouts/2025-03-05/held.csv', staff.token), 404, 'NOT_FOUND');
  });

  it('when staff download the WHT list then it has the member code, name, identity number, gross and WHT', async () => {
    const res = await desk(t, 'GET', `/payouts/${RUN}/wht.csv`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="payout-${RUN}-wht.csv"`);
    const text = res.body.replace(/^\uFEFF/, '');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('member_code,name,identity_number,gross,wht');
    expect(lines[1]).toMatch(new RegExp(`^${top.code},สมศักดิ์ ทดสอบ\\d+,1\\d{12},320\\.00,16\\.00$`));
    expectError(await desk(t, 'GET', '/payouts/2025-03-05/wht.csv', staff.token), 404, 'NOT_FOUND');
  });

  it('when the payout run is run again then nothing is paid or held twice', async () => {
    const again = expectError(
      await desk(t, 'POST', '/closings', staff.token, { date: RUN }),
      409,
      'PLAN_RULE',
    );
    expect(again.message).toBe(`${RUN} is closed already`);
    const { rows } = await t.database.pool.query(
      `select (select count(*) from payouts)::int as paid, (select count(*) from payout_holds)::int as held`,
    );
    expect(rows[0]).toEqual({ paid: 1, held: 3 });
  });
});
