import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/** One group's figures as the database computes them (money and percents as decimal text). */
export type DisclosureGroupRecord = {
  /** Null for every member counted; else the title. */
  grp: string | null;
  members: number;
  zero_earners: number;
  zero_earners_share: string | null;
  income_total: string;
  income_mean: string | null;
  income_median: string | null;
  income_p10: string | null;
  income_p90: string | null;
  top1_share: string | null;
  top10_share: string | null;
  purchases_total: string;
  purchases_mean: string | null;
  purchases_median: string | null;
  purchases_over_income: number;
  purchases_over_income_share: string | null;
};

/** Years whose last day has a done daily closing, newest first. */
export async function closedYears(db: Db): Promise<number[]> {
  const { rows } = await db.execute<{ year: number }>(sql`
    select extract(year from business_date)::int as year from engine_runs
    where type = 'DAILY' and status = 'done' and to_char(business_date, 'MM-DD') = '12-31'
    order by 1 desc`);
  return rows.map((r) => r.year);
}

/** How many orders have ever been canceled: a cancellation is what can void a closed year's income. */
export async function cancellationCount(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from orders where canceled_date is not null`,
  );
  return rows[0]?.n ?? 0;
}

/** Exact linear interpolation between the ranks around p·(n−1) (percentile_cont, without float8). */
const percentile = (col: 'income' | 'purchases', p: string) => {
  const at = sql.raw(`${p} * (n - 1)`);
  const rank = sql.raw(col === 'income' ? 'i_rank' : 'p_rank');
  const value = sql.raw(col);
  return sql`round(min(${value}) filter (where ${rank} = floor(${at}))
    + (${at} - floor(${at})) * (min(${value}) filter (where ${rank} = ceil(${at}))
                               - min(${value}) filter (where ${rank} = floor(${at}))), 2)`;
};

/** `part` of `whole` in percent, two decimals; null when `whole` is not positive. */
const share = (part: SQL, whole: SQL) =>
  sql`case when ${whole} > 0 then round(100.0 * ${part} / ${whole}, 2)::text end`;

/**
 * The year's figures, overall (grp null) and per title, in one statement (see
 * contracts/income-disclosure.ts for who counts and what is summed). `titles` is the plan's title
 * order, lowest first: a member's title is the highest they reached by the year's last day.
 */
export async function disclosureGroups(
  db: Db,
  from: string,
  to: string,
  titles: string[],
): Promise<DisclosureGroupRecord[]> {
  // Its sorts (every member of the year, three orders) stay in memory instead of spilling to disk.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    const { rows } = await tx.execute<DisclosureGroupRecord>(disclosureStatement(from, to, titles));
    return rows;
  });
}

/** The statement of disclosureGroups (the benchmark explains it). */
export function disclosureStatement(from: string, to: string, titles: string[]): SQL {
  const order = sql`array[${sql.join(
    titles.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  return sql`
    with lines as (
      select member_id, sum(amount) as income from income_lines
      where income_date between ${from}::date and ${to}::date and state <> 'VOID'
      group by member_id),
    counted as (
      select member_id from orders
      where order_type = 'PACKAGE' and paid_date <= ${to}::date
        and (canceled_date is null or (canceled_date > ${from}::date and canceled_date > paid_date))
      union
      select member_id from lines),
    bought as (
      select member_id,
        sum(case when paid_date between ${from}::date and ${to}::date then total_amount else 0 end)
        - sum(case when payment_status = 'refunded' and canceled_date between ${from}::date and ${to}::date
                   then total_amount else 0 end) as purchases
      from orders
      where order_type <> 'DROPSHIP' and (paid_date between ${from}::date and ${to}::date
        or (payment_status = 'refunded' and canceled_date between ${from}::date and ${to}::date))
      group by member_id),
    member_year as (
      select c.member_id, coalesce(l.income, 0) as income, coalesce(b.purchases, 0) as purchases,
        coalesce((select h.to_title from title_history h
                  where h.member_id = c.member_id and h.achieved_date <= ${to}::date
                  order by array_position(${order}, h.to_title) desc nulls last limit 1),
                 (${order})[1]) as title
      from counted c left join lines l on l.member_id = c.member_id left join bought b on b.member_id = c.member_id),
    grouped as (
      select null::text as grp, member_id, income, purchases from member_year
      union all
      select title, member_id, income, purchases from member_year),
    ranked as (
      select grp, member_id, income, purchases,
        count(*) over w as n,
        row_number() over (partition by grp order by income, member_id) - 1 as i_rank,
        row_number() over (partition by grp order by income desc, member_id) as i_top,
        row_number() over (partition by grp order by purchases, member_id) - 1 as p_rank
      from grouped window w as (partition by grp)),
    figures as (
      select grp, count(*)::int as members,
        count(*) filter (where income <= 0)::int as zero_earners,
        sum(income) as income_total,
        round(avg(income), 2) as income_mean,
        ${percentile('income', '0.5')} as income_median,
        ${percentile('income', '0.1')} as income_p10,
        ${percentile('income', '0.9')} as income_p90,
        sum(income) filter (where i_top <= ceil(n * 0.01)) as top1,
        sum(income) filter (where i_top <= ceil(n * 0.10)) as top10,
        sum(purchases) as purchases_total,
        round(avg(purchases), 2) as purchases_mean,
        ${percentile('purchases', '0.5')} as purchases_median,
        count(*) filter (where purchases > income)::int as purchases_over_income
      from ranked group by grp, n)
    select grp, members, zero_earners,
      ${share(sql`zero_earners`, sql`members`)} as zero_earners_share,
      income_total::numeric(16,2)::text as income_total,
      income_mean::text as income_mean, income_median::text as income_median,
      income_p10::text as income_p10, income_p90::text as income_p90,
      ${share(sql`top1`, sql`income_total`)} as top1_share,
      ${share(sql`top10`, sql`income_total`)} as top10_share,
      purchases_total::numeric(16,2)::text as purchases_total,
      purchases_mean::text as purchases_mean, purchases_median::text as purchases_median,
      purchases_over_income,
      ${share(sql`purchases_over_income`, sql`members`)} as purchases_over_income_share
    from figures`;
}
