import { sql, type SQL } from 'drizzle-orm';
import { suspensionKind, type SuspensionEntry, type SuspensionKind } from '@portal/contracts/suspension';
import type { Db, Tx } from '../db/client';
import { endOfBangkokDay } from '@portal/plan/dates';
import { PACE, pacer, queryArrays } from './bulk';
import type { Plan } from './plan';

/**
 * A member's standing (docs/plan.md E4): active on a day, suspended, payable, the package in force. One
 * function each, used by the engine, the closings, the API and the reports; nothing else writes
 * these rules. Every function takes many members at once: a closing asks for thousands.
 */
type Q = Db | Tx;
const ids = (memberIds: readonly number[]) => sql.param([...memberIds]);

export interface PersonalPosting {
  effectiveDate: string;
  pv: number;
}

/**
 * The member expiry date (plan 1.2): replay personal PV in (effective_date, posting) order; every
 * ACTIVITY_PV reached moves the expiry to max(expiry, day) + ACTIVITY_DAYS.
 */
export function replayExpiry(postings: readonly PersonalPosting[], plan: Plan): string | null {
  const block = plan.params.ACTIVITY_PV;
  const days = plan.params.ACTIVITY_DAYS;
  // Day numbers, not date strings, inside the loop: a closing replays every member's history.
  let expiry: number | null = null;
  let balance = 0;
  for (const p of postings) {
    balance += p.pv;
    if (balance < block) continue;
    const blocks = Math.floor(balance / block);
    balance -= blocks * block;
    const day = dayNumber(p.effectiveDate);
    // Each block moves the expiry to max(expiry, day) + ACTIVITY_DAYS; after the first, expiry > day.
    expiry = Math.max(expiry ?? day, day) + blocks * days;
  }
  return expiry === null ? null : fromDayNumber(expiry);
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const fromDayNumber = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/**
 * Personal postings effective by the end of day $1 whose source was not reversed by then (a
 * cancellation removes the posting and the replay is repeated; a later cancellation does not change
 * an earlier day), grouped by member in replay order. `$2` is the member id array when `filtered`.
 */
const personalPostingsSql = (filtered: boolean) => `
  select p.member_id, p.effective_date::text, p.pv, p.id
  from volume_postings p
  where ${filtered ? 'p.member_id = any($2::bigint[]) and' : ''} p.personal and p.kind <> 'REVERSAL'
    and p.effective_date <= $1::date
    and not exists (select 1 from volume_postings r where r.kind = 'REVERSAL' and r.source = p.source
                    and r.member_id = p.member_id and r.effective_date <= $1::date)
  order by p.member_id, p.effective_date, p.id`;

/** Expiry dates as of the end of day `date`: the replay of `personalPostingsSql`. */
export async function expiryAsOf(db: Q, memberIds: readonly number[] | null, date: string, plan: Plan) {
  const out = new Map<number, string | null>();
  if (memberIds?.length === 0) return out;
  // Many members at once (a closing): read every personal posting rather than ship a huge id list.
  const filter = !!memberIds && memberIds.length <= 200_000;
  const rows = await queryArrays<[string, string, number]>(
    db,
    personalPostingsSql(filter),
    filter ? [date, memberIds] : [date],
  );
  // Rows come grouped by member: replay each group as it passes.
  const pace = pacer();
  let i = 0;
  let groups = 0;
  while (i < rows.length) {
    if (groups++ % PACE === 0) await pace();
    const member = Number(rows[i]![0]);
    const group: PersonalPosting[] = [];
    while (i < rows.length && Number(rows[i]![0]) === member) {
      group.push({ effectiveDate: rows[i]![1], pv: rows[i]![2] });
      i++;
    }
    out.set(member, replayExpiry(group, plan));
  }
  for (const id of memberIds ?? []) if (!out.has(id)) out.set(id, null);
  return out;
}

/**
 * Every member's package and expiry date at the end of day d. The member rows hold both as of now
 * (the ledger's posting functions keep them, ledger.ts refreshMemberStanding); they are the answer
 * for every member with nothing posted after d. Members with package orders or personal PV after d
 * (today's buyers, a later cancellation) are replayed from the ledger as of d.
 */
export async function standingAtEndOf(tx: Q, plan: Plan, date: string) {
  const pace = pacer();
  const rows = await queryArrays<[string, string | null, string | null]>(
    tx,
    `select id, package, expiry_date::text from members where package is not null or expiry_date is not null`,
  );
  const packaged = new Map<number, string>();
  const expiries = new Map<number, string | null>();
  for (const [k, [id, pkg, expiry]] of rows.entries()) {
    if (k % PACE === 0) await pace();
    if (pkg) packaged.set(Number(id), pkg);
    expiries.set(Number(id), expiry);
  }
  const laterPackages = await queryArrays<[string]>(
    tx,
    `select distinct member_id from orders where order_type in ('PACKAGE', 'UPGRADE')
       and (paid_date > $1::date or canceled_date > $1::date)`,
    [date],
  );
  const laterPv = await queryArrays<[string]>(
    tx,
    `select distinct member_id from volume_postings where personal and effective_date > $1::date`,
    [date],
  );
  const pkgIds = laterPackages.map((r) => Number(r[0]));
  const pvIds = laterPv.map((r) => Number(r[0]));
  if (pkgIds.length > 0) {
    for (const id of pkgIds) packaged.delete(id);
    for (const [id, pkg] of await packagesAsOf(tx, pkgIds, date)) packaged.set(id, pkg);
  }
  if (pvIds.length > 0) {
    for (const [id, expiry] of await expiryAsOf(tx, pvIds, date, plan)) expiries.set(id, expiry);
  }
  return { packaged, expiries };
}

/**
 * One member's package and expiry date as of the end of day `date` (`packagesAsOf` and
 * `expiryAsOf` for one member, read in one round trip): what a payment or a cancellation refreshes.
 */
export async function standingOf(db: Q, memberId: number, date: string, plan: Plan) {
  const [row] = await queryArrays<[string | null, [string, number][]]>(
    db,
    `select (select package_code from (${packagesSql(true)}) k) as package,
       (select coalesce(json_agg(json_build_array(e.effective_date, e.pv) order by e.effective_date, e.id), '[]'::json)
        from (${personalPostingsSql(true)}) e) as postings`,
    [date, [memberId]],
  );
  const postings = (row?.[1] ?? []).map(([effectiveDate, pv]) => ({ effectiveDate, pv }));
  return { package: row?.[0] ?? null, expiry: replayExpiry(postings, plan) };
}

/** Active on day d ⇔ an expiry date on or after d. */
export const isActiveOn = (expiry: string | null | undefined, date: string) => !!expiry && date <= expiry;

/**
 * SQL: active on `date` (plan 1.2) from an expiry date column, for queries over many members (the
 * network API's `is_active` of GET /me and the downline nodes: the member row's expiry date is the
 * one in force now, kept by the ledger).
 */
export const activeOnSql = (expiry: SQL, date: string) =>
  sql`(${expiry} is not null and ${date}::date <= ${expiry})`;

/**
 * The statuses of a suspension entry that suspend the member when the entry is the newest (docs/plan.md E4).
 * The same rule as `isSuspended` of the contracts, which the portal's route guard reads.
 */
const SUSPENDING = sql.raw(`('active', 'done')`);

/**
 * SQL: the member whose id is `memberId` (a column or a parameter) is suspended now, for queries that
 * must apply the rule to many rows at once (placement, the downline summary).
 */
export const suspendedNowSql = (memberId: SQL) => sql`coalesce((
  select s.status in ${SUSPENDING} from suspension_entries s where s.member_id = ${memberId}
  order by s.created_at desc, s.id desc limit 1), false)`;

/** SQL: the member whose id is `memberId` was suspended at the instant `at` (as `suspendedAt`). */
export const suspendedAtSql = (memberId: SQL, at: Date) => sql`coalesce((
  select s.status in ${SUSPENDING} from suspension_entries s
  where s.member_id = ${memberId} and s.created_at <= ${at.toISOString()}::timestamptz
  order by s.created_at desc, s.id desc limit 1), false)`;

/**
 * SQL: the member's account is open (neither the member nor the user is switched off by staff). Not a
 * plan rule: an expired member's account is still open and may place members and shop; an account
 * that is not open signs in nowhere.
 */
export const accountOpenSql = (member: SQL, user: SQL) => sql`(${member}.is_active and ${user}.is_active)`;

/**
 * What a suspension leaves reachable, as the access token carries it (decision 012): the newest entry
 * of the user's member decides. The API's guard and the portal's guard read it.
 */
export async function suspensionOfUser(db: Q, userId: number): Promise<SuspensionKind> {
  const { rows } = await db.execute<Pick<SuspensionEntry, 'status' | 'period'>>(sql`
    select s.status, s.period from members m
    join suspension_entries s on s.member_id = m.id
    where m.user_id = ${userId}
    order by s.created_at desc, s.id desc limit 1`);
  return suspensionKind(rows);
}

/** Suspended at an instant: the newest suspension entry by then is active or done (docs/plan.md E4). */
export async function suspendedAt(
  db: Q,
  memberIds: readonly number[] | null,
  at: Date,
): Promise<Set<number>> {
  if (memberIds?.length === 0) return new Set();
  const who = memberIds ? sql`and s.member_id = any(${ids(memberIds)}::bigint[])` : sql``;
  const { rows } = await db.execute<{ member_id: number }>(sql`
    select member_id from (
      select distinct on (s.member_id) s.member_id, s.status from suspension_entries s
      where s.created_at <= ${at.toISOString()}::timestamptz ${who}
      order by s.member_id, s.created_at desc, s.id desc) newest
    where status in ${SUSPENDING}`);
  return new Set(rows.map((r) => r.member_id));
}

/** "Suspended on d" for closings, MTA and payouts: the state at the end of day d. */
export const suspendedOn = (db: Q, memberIds: readonly number[] | null, date: string) =>
  suspendedAt(db, memberIds, endOfBangkokDay(date));

/**
 * The package in force at the end of day d (plan 1.1): the newest PACKAGE or UPGRADE order paid by
 * then and not canceled by then.
 */
const packagesSql = (filtered: boolean) => `
  select distinct on (o.member_id) o.member_id, o.package_code from orders o
  where o.order_type in ('PACKAGE', 'UPGRADE') and o.paid_date <= $1::date
    and (o.canceled_date is null or o.canceled_date > $1::date)
    ${filtered ? 'and o.member_id = any($2::bigint[])' : ''}
  order by o.member_id, o.paid_date desc, o.paid_at desc nulls last, o.id desc`;

/** The packages in force at the end of day `date` (`packagesSql`), by member. */
export async function packagesAsOf(db: Q, memberIds: readonly number[] | null, date: string) {
  const rows = await queryArrays<[string, string]>(
    db,
    packagesSql(!!memberIds),
    memberIds ? [date, memberIds] : [date],
  );
  return new Map(rows.map((r) => [Number(r[0]), r[1]]));
}

/**
 * Why a member is not payable in a payout run (plan 6): identity or bank not verified by then
 * (`KYC`), suspended at the end of the day (`SUSPENDED`), or verified but without an approved bank
 * account on file by then to transfer to (`NO_BANK_ACCOUNT`). When several apply, the first of these.
 */
export const NOT_PAYABLE_REASONS = ['KYC', 'SUSPENDED', 'NO_BANK_ACCOUNT'] as const;
export type NotPayableReason = (typeof NOT_PAYABLE_REASONS)[number];

/** The account a payout transfers to: the member's newest approved bank account. */
export interface PayeeAccount {
  bankCode: string;
  accountNo: string;
  accountName: string;
}

export type Payability =
  { payable: true; account: PayeeAccount } | { payable: false; reason: NotPayableReason };

/**
 * Payable in a payout run of day d (plan 6), per member: identity and bank verified by then, not
 * suspended at the end of the day, and an approved (`success`) bank account on file by then, the
 * newest of which the payout goes to. Otherwise the reason it is not. The payout run and the
 * member's wallet ("next payout") both ask this.
 */
export async function payabilityOn(
  db: Q,
  memberIds: readonly number[],
  date: string,
): Promise<Map<number, Payability>> {
  const out = new Map<number, Payability>();
  if (memberIds.length === 0) return out;
  const end = endOfBangkokDay(date).toISOString();
  // Many members (a payout run of a big network): read everyone's facts in one pass of each table
  // rather than look each one up; then keep the ones asked for.
  const many = memberIds.length > 10_000;
  const rows = await queryArrays<[number, boolean, string | null, string | null, string | null]>(
    db,
    `select m.id,
      (u.is_verifies_identity and u.is_verifies_bank
        and (k.decided_at is null or k.decided_at <= $1::timestamptz)) as verified,
      b.bank_code, b.account_no, b.account_name
    from members m join users u on u.id = m.user_id
    left join member_kyc k on k.member_id = m.id
    ${
      many
        ? `left join (
      select distinct on (ba.user_id) ba.user_id, ba.bank_code, ba.account_no, ba.account_name from bank_accounts ba
      where ba.status = 'success' and (ba.reviewed_at is null or ba.reviewed_at <= $1::timestamptz)
      order by ba.user_id, ba.id desc) b on b.user_id = u.id`
        : `left join lateral (
      select ba.bank_code, ba.account_no, ba.account_name from bank_accounts ba
      where ba.user_id = u.id and ba.status = 'success'
        and (ba.reviewed_at is null or ba.reviewed_at <= $1::timestamptz)
      order by ba.id desc limit 1) b on true
    where m.id = any($2::bigint[])`
    }`,
    many ? [end] : [end, memberIds],
  );
  const wanted = many ? new Set(memberIds) : null;
  const suspended = await suspendedOn(db, many ? null : memberIds, date);
  const pace = pacer();
  for (const [k, [rawId, verified, bankCode, accountNo, accountName]] of rows.entries()) {
    if (k % PACE === 0) await pace();
    const id = Number(rawId);
    if (wanted && !wanted.has(id)) continue;
    if (!verified) out.set(id, { payable: false, reason: 'KYC' });
    else if (suspended.has(id)) out.set(id, { payable: false, reason: 'SUSPENDED' });
    else if (bankCode === null || accountNo === null || accountName === null)
      out.set(id, { payable: false, reason: 'NO_BANK_ACCOUNT' });
    else out.set(id, { payable: true, account: { bankCode, accountNo, accountName } });
  }
  return out;
}
