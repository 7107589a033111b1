import { sql } from 'drizzle-orm';
import { isSuspended, type SuspensionEntry } from '@portal/contracts/suspension';
import type { Config } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { notifications } from '../../../db/schema/identity';
import { suspensionEntries } from '../../../db/schema/network';
import { bangkokDate } from '@portal/plan/dates';
import { CANCELLED_TEXT, deadlinePeriod, deadlineText, type DeadlinePeriod } from './calendar';
import { KYC_NOTICES } from './notices';
import { stampTokensValidAfter } from '../../accounts';

const RANK: Record<string, number> = { pre_pending: 1, pending: 2, suspended: 3 };

/**
 * Newest entry first decides (README, Conventions: suspension); a new entry is stamped after every
 * earlier one of the member.
 */
const stampAfterNewest = (memberId: number, now: Date) => sql`greatest(${now.toISOString()}::timestamptz,
  (select max(created_at) + interval '1 millisecond' from suspension_entries where member_id = ${memberId}))`;

/**
 * When KYC succeeds: a cancelled entry ends any pre-pending, pending or suspended one, so the member
 * is no longer suspended. Answers what it ended: nothing, a warning, or a suspension (whose end
 * changes the member's standing, so their access tokens are stamped over in the same transaction).
 */
export async function cancelDeadline(
  tx: Tx,
  memberId: number,
  now: Date,
): Promise<'nothing' | 'warning' | 'suspension'> {
  const { rows } = await tx.execute<Pick<SuspensionEntry, 'period' | 'status'> & { user_id: number }>(sql`
    select s.period, s.status, m.user_id from suspension_entries s join members m on m.id = s.member_id
    where s.member_id = ${memberId} order by s.created_at desc, s.id desc limit 1`);
  const newest = rows[0];
  if (!newest || newest.period === 'cancelled') return 'nothing';
  await tx.execute(sql`
    insert into suspension_entries (member_id, period, status, message, message_th, created_at)
    values (${memberId}, 'cancelled', 'cancelled', ${CANCELLED_TEXT.message}, ${CANCELLED_TEXT.messageTh}, ${stampAfterNewest(memberId, now)})`);
  // The rule of README, Conventions (suspension), as the guard and standing read it: the newest entry
  // suspends.
  const wasSuspended = isSuspended([newest]);
  if (wasSuspended) await stampTokensValidAfter(tx, [Number(newest.user_id)]);
  return wasSuspended ? 'suspension' : 'warning';
}

type Candidate = {
  member_id: number;
  user_id: number;
  complete: boolean;
  anchor_day: string;
  entry_id: number | null;
  period: string | null;
  days_left: number | null;
  message: string | null;
};

export interface DeadlineRun {
  checked: number;
  created: { pre_pending: number; pending: number; suspended: number; cancelled: number };
  updated: number;
  /** Users whose suspension began or ended: their access tokens must end (session/access.ts). */
  standingChanged: number[];
}

/**
 * The daily KYC deadline (README, First start step 5; decision 009). For every active member without
 * complete KYC, the clock starts at `member_kyc.deadline_from` or else the registration: pre-pending
 * (warning, days left) for the pre-pending days, then pending (warning, days left), then suspended (active,
 * with the date). The newest entry only ever moves forward; while its period holds, its days left and
 * message are brought up to date in place. A member whose KYC succeeded gets a cancelled entry. Running it
 * twice for the same `now` changes nothing the second time; an advisory lock keeps two runs from
 * overlapping.
 */
export async function advanceKycDeadlines(db: Db, now: Date, settings: Config['kyc']): Promise<DeadlineRun> {
  const today = bangkokDate(now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kyc-deadline'))`);
    const { rows } = await tx.execute<Candidate>(sql`
      select m.id as member_id, u.id as user_id, (u.is_verifies_identity and u.is_verifies_bank) as complete,
        to_char((coalesce(k.deadline_from, m.created_at) at time zone 'Asia/Bangkok')::date, 'YYYY-MM-DD') as anchor_day,
        s.id as entry_id, s.period, s.days_left, s.message
      from members m
      join users u on u.id = m.user_id
      left join member_kyc k on k.member_id = m.id
      left join lateral (
        select e.id, e.period, e.days_left, e.message from suspension_entries e
        where e.member_id = m.id order by e.created_at desc, e.id desc limit 1
      ) s on true
      where u.deleted_at is null and u.is_active and u.type = 'member'
        and (not (u.is_verifies_identity and u.is_verifies_bank) or (s.id is not null and s.period <> 'cancelled'))`);

    const run: DeadlineRun = {
      checked: rows.length,
      created: { pre_pending: 0, pending: 0, suspended: 0, cancelled: 0 },
      updated: 0,
      standingChanged: [],
    };
    const inserts: { memberId: number; userId: number; p: DeadlinePeriod | null }[] = [];
    const updates: { id: number; daysLeft: number; message: string; messageTh: string }[] = [];
    for (const r of rows) {
      if (r.complete) {
        inserts.push({ memberId: r.member_id, userId: r.user_id, p: null });
        continue;
      }
      const p = deadlinePeriod(r.anchor_day, today, settings.prePendingDays, settings.pendingDays);
      const current = r.period && r.period !== 'cancelled' ? RANK[r.period] : undefined;
      if (current === undefined || RANK[p.period]! > current) {
        inserts.push({ memberId: r.member_id, userId: r.user_id, p });
      } else if (current === RANK[p.period] && p.period !== 'suspended') {
        const text = deadlineText(p);
        if (r.days_left !== p.daysLeft || r.message !== text.message) {
          updates.push({ id: r.entry_id!, daysLeft: p.daysLeft, ...text });
        }
      }
      // An entry ahead of the clock (the clock was restarted later) is left as it is: never backwards.
    }

    for (const i of inserts) {
      if (i.p === null) {
        if ((await cancelDeadline(tx, i.memberId, now)) === 'suspension') run.standingChanged.push(i.userId);
        await tx.insert(notifications).values({
          userId: i.userId,
          ...KYC_NOTICES.deadline('cancelled', CANCELLED_TEXT.message, CANCELLED_TEXT.messageTh),
        });
        run.created.cancelled++;
        continue;
      }
      const text = deadlineText(i.p);
      await tx.insert(suspensionEntries).values({
        memberId: i.memberId,
        period: i.p.period,
        status: i.p.period === 'suspended' ? 'active' : 'warning',
        daysLeft: i.p.period === 'suspended' ? null : i.p.daysLeft,
        suspendedAt: i.p.period === 'suspended' ? i.p.suspendedAt : null,
        message: text.message,
        messageTh: text.messageTh,
        createdAt: sql`${stampAfterNewest(i.memberId, now)}`,
      });
      run.created[i.p.period]++;
      if (i.p.period === 'suspended') run.standingChanged.push(i.userId);
      // The first warning is the banner alone (the welcome note already asks for KYC); later steps also notify.
      if (i.p.period !== 'pre_pending') {
        await tx
          .insert(notifications)
          .values({ userId: i.userId, ...KYC_NOTICES.deadline(i.p.period, text.message, text.messageTh) });
      }
    }
    for (let i = 0; i < updates.length; i += 1000) {
      const part = updates.slice(i, i + 1000);
      await tx.execute(sql`
        update suspension_entries s set days_left = v.days_left, message = v.message, message_th = v.message_th
        from (select unnest(${sql.param(part.map((u) => u.id))}::bigint[]) as id,
                     unnest(${sql.param(part.map((u) => u.daysLeft))}::int[]) as days_left,
                     unnest(${sql.param(part.map((u) => u.message))}::text[]) as message,
                     unnest(${sql.param(part.map((u) => u.messageTh))}::text[]) as message_th) v
        where s.id = v.id`);
    }
    run.updated = updates.length;
    await stampTokensValidAfter(tx, run.standingChanged);
    return run;
  });
}
