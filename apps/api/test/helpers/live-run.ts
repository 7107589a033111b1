import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Order } from '@portal/contracts/shop';
import { addDays, startOfBangkokDay } from '@portal/plan/dates';
import { baht, satang } from '@portal/plan/money';
import type { Scenario } from '../../src/compensation/simulate';
import { suspensionOfUser } from '../../src/compensation/standing';
import { businessNow } from '../../src/lib/clock';
import { cancelDeadline } from '../../src/modules/profile/kyc/deadline';
import { call, type TestApp } from './app';
import { treeMember, type TreeMember } from './engine';
import { expectData } from './expect';
import type { LiveHistory, Step } from './live-histories';
import type { Names } from './ledger-snapshot';
import { multipart, png } from './profile';
import { addProduct, addToCart, balances, pickup, placed, staffToken } from './shop';

/**
 * Lives a history on the real app (demo mode): members placed in the tree, each step done as it is
 * done in production (orders through the shop's checkout, cancellations at the staff desk, releases
 * through the member's hold-point call, KYC and suspensions as the KYC code writes them; a cancel may
 * also be the buyer's within the cooling-off period after delivery) and every
 * day closed by the demo clock, which runs the closings, MTA months and payouts. What happened is
 * written down as a scenario (plan section 13) with the dates the live system gave each event, so
 * the simulator can be given the same history.
 */
export interface LiveResult {
  scenario: Scenario;
  names: Names;
}

/** The suspension the KYC deadline writes when the pending period ends (kyc/deadline.ts). */
async function suspend(t: TestApp, memberId: number, at: Date) {
  await t.database.db.execute(sql`
    insert into suspension_entries (member_id, period, status, suspended_at, message, message_th, created_at)
    values (${memberId}, 'suspended', 'active', ${at.toISOString()}::timestamptz,
      'Your account is suspended because identity and bank verification (KYC) was not completed.',
      'บัญชีของคุณถูกระงับ เนื่องจากไม่ได้ยืนยันตัวตนและบัญชีธนาคาร (KYC)',
      greatest(${at.toISOString()}::timestamptz,
        (select max(created_at) + interval '1 millisecond' from suspension_entries where member_id = ${memberId})))`);
}

/**
 * KYC succeeds on `date`, as staff's approval leaves it (kyc/service.ts `decide`): both flags set, the
 * bank account approved, the member's KYC decided that day, and the deadline's suspension ended.
 */
async function kycSucceeds(t: TestApp, m: TreeMember, date: string, at: Date) {
  const decided = startOfBangkokDay(date).toISOString();
  await t.database.db.transaction(async (tx) => {
    await tx.execute(
      sql`update users set is_verifies_identity = true, is_verifies_bank = true, identity_type = 'id_card',
        identity_value = ${`1${String(m.id).padStart(12, '0')}`} where id = ${m.userId}`,
    );
    await tx.execute(sql`
      insert into bank_accounts (user_id, bank_code, account_no, account_name, account_type, status, reviewed_at)
      values (${m.userId}, 'kbank', ${`20${String(m.id).padStart(8, '0')}`}, 'สมาชิก ทดสอบ', 'savings', 'success',
        ${decided}::timestamptz)`);
    await tx.execute(sql`
      insert into member_kyc (member_id, status, identity_status, bank_status, decided_at)
      values (${m.id}, 'success', 'success', 'success', ${decided}::timestamptz)
      on conflict (member_id) do update set status = 'success', identity_status = 'success',
        bank_status = 'success', decided_at = excluded.decided_at`);
    await cancelDeadline(tx, m.id, at);
  });
}

/** An access token as sign-in gives it now: with the member's standing (a suspended member is refused). */
async function tokenOf(t: TestApp, m: TreeMember) {
  const { token } = await t.app.ctx.signer.userToken({
    userId: m.userId,
    userType: 'member',
    clientId: 'portal-web',
    sessionId: randomUUID(),
    suspension: await suspensionOfUser(t.database.db, m.userId),
  });
  return token;
}

export async function liveHistory(t: TestApp, h: LiveHistory): Promise<LiveResult> {
  const staff = (await staffToken(t)).token;
  const tree: TreeMember[] = [];
  for (const m of h.members) {
    tree.push(
      await treeMember(t, {
        parent: m.upline === undefined ? undefined : tree[m.upline],
        side: m.side,
        referrer: m.referrer === undefined ? undefined : tree[m.referrer],
        verified: m.kyc === undefined,
      }),
    );
  }
  const names: Names = { member: new Map(tree.map((m, i) => [m.id, h.members[i]!.code])), order: new Map() };
  const orderNo = new Map<string, string>();
  const buyerOf = new Map<string, number>();
  /** Transfer orders whose slip waits for staff: the payment event they will be. */
  const waiting = new Map<string, Scenario['events'][number]>();
  const kycOn = new Map<number, string>();
  const events: Scenario['events'] = [];
  const now = () => businessNow(t.database.db, t.config);
  const moveTo = async (date: string) => {
    if ((await now()).date >= date) return;
    expectData(await call(t.app, 'POST', '/dev/clock', { body: { date } }));
  };

  const checkout = async (who: number, id: string, body: Parameters<typeof placed>[2]) => {
    const order: Order = await placed(t, await tokenOf(t, tree[who]!), body);
    orderNo.set(id, order.order_no);
    buyerOf.set(id, who);
    names.order.set(order.order_no, id);
    return order;
  };

  const act = async (s: Step) => {
    const at = await now();
    switch (s.kind) {
      case 'kyc':
        await kycSucceeds(t, tree[s.who]!, at.date, at.at);
        kycOn.set(s.who, at.date);
        if (h.steps.some((x) => x.kind === 'suspend' && x.who === s.who && x.day < s.day))
          events.push({ date: at.date, type: 'unsuspend', member: h.members[s.who]!.code });
        return;
      case 'suspend':
        await suspend(t, tree[s.who]!.id, at.at);
        events.push({ date: at.date, type: 'suspend', member: h.members[s.who]!.code });
        return;
      case 'package':
      case 'upgrade': {
        await addToCart(t, await tokenOf(t, tree[s.who]!), `PKG-${s.pkg}`);
        const o = await checkout(s.who, s.id, { ...pickup, payment_method: 'demo' });
        const type = s.kind === 'package' ? 'PACKAGE' : 'UPGRADE';
        if (o.order_type !== type) throw new Error(`${s.id}: the shop made a ${o.order_type}, not a ${type}`);
        events.push({
          date: o.payment_date!,
          type: 'order',
          id: s.id,
          member: h.members[s.who]!.code,
          order_type: type,
          package: s.pkg,
        });
        return;
      }
      case 'repurchase': {
        const m = tree[s.who]!;
        const product = await addProduct(t, {
          memberPrice: '400.00',
          retailPrice: '500.00',
          pvPerUnit: s.pv,
          lvpPerUnit: s.lvp,
          stock: null,
        });
        await addToCart(t, await tokenOf(t, m), product.code, s.qty);
        // As much of the wish as the balances (and the order's total) allow.
        const has = await balances(t, m.id);
        const useLvp = Math.max(0, Math.min(s.useLvp, has.lvp, 400 * s.qty));
        const room = BigInt(s.qty) * 40_000n - BigInt(useLvp) * 100n;
        const balance = satang(has.points);
        const usePoints = [s.usePoints, balance, room].reduce((a, b) => (a < b ? a : b));
        const o = await checkout(s.who, s.id, {
          ...pickup,
          payment_method: s.transfer ? 'transfer' : 'demo',
          hold_points: s.hold,
          ...(useLvp > 0 ? { use_lvp: useLvp } : {}),
          ...(usePoints > 0n ? { use_points: baht(usePoints) } : {}),
        });
        const code = h.members[s.who]!.code;
        // Spent at checkout, before the payment posts the order's own LVP: so in the scenario.
        if (useLvp > 0)
          events.push({ date: at.date, type: 'use_lvp', member: code, order: s.id, points: useLvp });
        if (usePoints > 0n)
          events.push({
            date: at.date,
            type: 'use_points',
            member: code,
            order: s.id,
            points: baht(usePoints),
          });
        const paid: Scenario['events'][number] = {
          date: at.date,
          type: 'order',
          id: s.id,
          member: code,
          order_type: 'REPURCHASE',
          pv: s.pv * s.qty,
          lvp: s.lvp * s.qty,
          hold: s.hold,
        };
        // Paid now (the demo provider, or points and LVP covered it all), or when staff confirm the slip.
        if (o.payment_status === 'paid') events.push({ ...paid, date: o.payment_date! });
        else {
          const slip = multipart(
            {},
            { name: `${s.id}.png`, data: await png(40 + Number(s.id.slice(1)), 30, '#118844') },
          );
          expectData(
            await call(t.app, 'POST', `/shop/v1/orders/${o.order_no}/slip`, {
              token: await tokenOf(t, m),
              ...slip,
            }),
          );
          waiting.set(s.id, paid);
        }
        return;
      }
      case 'confirm': {
        const paid = waiting.get(s.order);
        if (!paid) return; // paid at checkout after all
        const no = orderNo.get(s.order)!;
        expectData(
          await call(t.app, 'POST', `/staff/v1/orders/${no}/payment/confirm`, { token: staff, body: {} }),
        );
        events.push({ ...paid, date: (await now()).date });
        return;
      }
      case 'cancel': {
        const no = orderNo.get(s.order);
        if (!no) return; // the order was never placed (its buyer was suspended that day)
        if (s.via === 'cooling-off') {
          // Delivered, then cancelled by the buyer within the period: goods back, refunded by staff.
          const desk = (path: string, body: unknown = {}) =>
            call(t.app, 'POST', `/staff/v1/orders/${no}${path}`, { token: staff, body });
          expectData(await desk('/ship', { tracking_no: `TRACK-${s.order}` }));
          expectData(await desk('/deliver'));
          const buyer = await tokenOf(t, tree[buyerOf.get(s.order)!]!);
          expectData(
            await call(t.app, 'POST', `/shop/v1/orders/${no}/cooling-off`, { token: buyer, body: {} }),
            201,
          );
          expectData(await desk('/cooling-off/goods-received'));
          expectData(await desk('/cooling-off/refund'));
        } else {
          const res = await call(t.app, 'POST', `/staff/v1/orders/${no}/cancel`, {
            token: staff,
            body: { reason: `history: ${s.why}` },
          });
          expectData(res);
        }
        events.push({ date: at.date, type: 'cancel', order: s.order });
        return;
      }
      case 'release': {
        const no = orderNo.get(s.order);
        const { rows } = await t.database.db.execute<{
          id: number;
          remaining: number;
          canceled: boolean;
        }>(sql`
          select l.id, l.pv_total - coalesce((select sum(pv) from hold_releases r where r.lot_id = l.id), 0)::int as remaining,
            l.canceled_date is not null as canceled
          from hold_lots l join orders o on o.id = l.order_id where o.order_no = ${no ?? ''}`);
        const lot = rows[0];
        const pv = Math.min(s.pv, lot?.remaining ?? 0);
        if (!lot || lot.canceled || pv < 1) return; // released at its deadline already, or canceled
        const res = await call(t.app, 'POST', `/network/api/v1/hold_point/${lot.id}/release`, {
          token: await tokenOf(t, tree[buyerOf.get(s.order)!]!),
          body: { pv, target: s.target },
        });
        expectData(res);
        events.push({ date: at.date, type: 'release', order: s.order, pv, target: s.target });
        return;
      }
    }
  };

  for (let day = 0; day < h.days; day++) {
    const today = h.steps.filter((s) => s.day === day);
    if (today.length === 0) continue;
    await moveTo(addDays(h.start, day));
    for (const s of today) await act(s);
  }
  // Close every day of the history: the last one closes when the clock passes it.
  await moveTo(addDays(h.start, h.days));
  const until = addDays((await now()).date, -1);

  const members: Scenario['members'] = h.members.map((m, i) => ({
    code: m.code,
    ...(m.upline === undefined ? {} : { upline: h.members[m.upline]!.code, side: m.side }),
    ...(m.referrer === undefined ? {} : { referrer: h.members[m.referrer]!.code }),
    ...(m.kyc === undefined ? {} : { kyc_verified_on: kycOn.get(i) ?? null }),
  }));
  return { scenario: { members, events, until }, names };
}
