import { z } from 'zod';
import type { PlanParams } from '@portal/contracts/engine';
import { daysBetween, isDate } from '@portal/plan/dates';
import { planWithOverrides } from '@portal/plan/params';

/**
 * What a scenario of the simulation contract (plan section 13) may say, and the rules it is checked
 * against before anything runs: its shape, its plan overrides, the tree its members form (parents in
 * any order, exactly one root, no second child on a side, no cycle: walked without recursion, so a
 * chain of any length is no danger) and its dates. A caller that makes a database for a run checks
 * the scenario first (prepareScenario), so a scenario that breaks a rule costs no database.
 */
const day = z.string().refine(isDate, 'a date YYYY-MM-DD');
const code = z.string().min(1).max(40);

const memberSchema = z.strictObject({
  code,
  upline: code.optional(),
  side: z.enum(['left', 'right']).optional(),
  referrer: code.optional(),
  kyc_verified_on: day.nullable().optional(),
});

const itemSchema = z.strictObject({
  product_code: z.string().min(1),
  product_name: z.string().optional(),
  qty: z.number().int().positive(),
  selling_price: z.string().optional(),
  member_price: z.string().optional(),
  retail_price: z.string().optional(),
  pv: z.number().int().min(0),
  lvp: z.number().int().min(0).optional(),
});

const eventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    date: day,
    type: z.literal('order'),
    id: code,
    member: code,
    order_type: z.enum(['PACKAGE', 'UPGRADE', 'REPURCHASE', 'DROPSHIP']),
    package: z.string().optional(),
    pv: z.number().int().min(0).optional(),
    lvp: z.number().int().min(0).optional(),
    hold: z.boolean().optional(),
    items: z.array(itemSchema).optional(),
  }),
  z.strictObject({ date: day, type: z.literal('cancel'), order: code }),
  z.strictObject({
    date: day,
    type: z.literal('release'),
    order: code,
    pv: z.number().int(),
    target: z.enum(['SELF', 'LEFT', 'RIGHT']),
  }),
  z.strictObject({
    date: day,
    type: z.literal('use_lvp'),
    member: code,
    order: code,
    points: z.number().int(),
  }),
  z.strictObject({
    date: day,
    type: z.literal('use_points'),
    member: code,
    order: code,
    points: z.union([z.string(), z.number()]),
  }),
  z.strictObject({ date: day, type: z.literal('suspend'), member: code }),
  z.strictObject({ date: day, type: z.literal('unsuspend'), member: code }),
]);

export const scenarioSchema = z.strictObject({
  plan: z.record(z.string(), z.unknown()).optional(),
  members: z.array(memberSchema).min(1),
  events: z.array(eventSchema),
  until: day,
});
export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioEvent = Scenario['events'][number];

/** A scenario that breaks a rule: the command prints this one line and exits 2. */
export class ScenarioError extends Error {}

export const eventName = (e: ScenarioEvent, index: number) =>
  `event ${index + 1} (${e.date} ${e.type}${'id' in e ? ` ${e.id}` : 'order' in e ? ` ${e.order}` : ''})`;

/** What a scenario may hold at most (the staff desk's simulator: issue 19). */
export interface ScenarioLimits {
  members: number;
  events: number;
  /** Business days from the first event to `until`, both included. */
  days: number;
}

/** A scenario checked against the rules: what a run needs, in the order it needs it. */
export class PreparedScenario {
  constructor(
    readonly scenario: Scenario,
    /** The plan's parameters with the scenario's overrides; null when it overrides nothing. */
    readonly params: PlanParams | null,
    /** Members with their uplines before them. */
    readonly ordered: Scenario['members'],
    readonly depth: Map<string, number>,
    /** Events by date, then as given, with their place in the scenario. */
    readonly events: { e: ScenarioEvent; index: number }[],
  ) {}

  /** Business days the run closes: from the first event's date to `until`. */
  get days(): number {
    return this.events.length === 0 ? 0 : daysBetween(this.events[0]!.e.date, this.scenario.until) + 1;
  }
}

export function prepareScenario(input: unknown, limits?: ScenarioLimits): PreparedScenario {
  const parsed = scenarioSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ScenarioError(`scenario: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const scenario = parsed.data;
  if (limits && scenario.members.length > limits.members)
    throw new ScenarioError(
      `scenario: ${scenario.members.length} members, more than the limit of ${limits.members}`,
    );
  if (limits && scenario.events.length > limits.events)
    throw new ScenarioError(
      `scenario: ${scenario.events.length} events, more than the limit of ${limits.events}`,
    );
  let params: PlanParams | null = null;
  if (scenario.plan) {
    try {
      params = planWithOverrides(scenario.plan);
    } catch (err) {
      // A parameter the schema refuses is named with its path ("plan: WHT_METHOD: …"), not zod's JSON.
      const issue = err instanceof z.ZodError ? err.issues[0] : undefined;
      throw new ScenarioError(
        issue
          ? `plan: ${issue.path.join('.') || '(root)'}: ${issue.message}`
          : `plan: ${(err as Error).message.split('\n')[0]}`,
      );
    }
  }
  const events = scenario.events
    .map((e, index) => ({ e, index }))
    .sort((a, b) => a.e.date.localeCompare(b.e.date));
  const late = events.find(({ e }) => e.date > scenario.until);
  if (late) throw new ScenarioError(`${eventName(late.e, late.index)}: after until (${scenario.until})`);
  const { ordered, depth } = orderMembers(scenario.members);
  const prepared = new PreparedScenario(scenario, params, ordered, depth, events);
  if (limits && prepared.days > limits.days)
    throw new ScenarioError(
      `scenario: ${prepared.days} days from ${events[0]!.e.date} to ${scenario.until}, more than the limit of ${limits.days}`,
    );
  return prepared;
}

/** The members as a tree: each one's depth, parents before children, or the rule a member breaks. */
function orderMembers(members: Scenario['members']) {
  const byCode = new Map(members.map((m) => [m.code, m]));
  if (byCode.size !== members.length) throw new ScenarioError('members: a code appears twice');
  const root = members.find((m) => !m.upline);
  if (!root) throw new ScenarioError('members: no root (a member without upline)');
  const taken = new Set<string>();
  for (const m of members) {
    if (m !== root && (!m.upline || !m.side))
      throw new ScenarioError(`members: ${m.code} needs an upline and a side`);
    if (m.upline) {
      if (!byCode.has(m.upline))
        throw new ScenarioError(`members: ${m.code} has an unknown upline ${m.upline}`);
      const slot = `${m.upline}:${m.side}`;
      if (taken.has(slot))
        throw new ScenarioError(`members: ${m.code} takes the ${m.side} of ${m.upline}, already taken`);
      taken.add(slot);
    }
    if (m.referrer && !byCode.has(m.referrer))
      throw new ScenarioError(`members: ${m.code} has an unknown referrer ${m.referrer}`);
  }
  // Each member's depth: walk up to a member whose depth is known (the root's is 0), then set the
  // depths of the walked path on the way back. A member met twice on one walk is in a cycle.
  const depth = new Map<string, number>([[root.code, 0]]);
  for (const m of members) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let c = m.code;
    while (!depth.has(c)) {
      if (onPath.has(c)) throw new ScenarioError(`members: ${c} is its own upline`);
      onPath.add(c);
      path.push(c);
      c = byCode.get(c)!.upline!;
    }
    let d = depth.get(c)!;
    for (let i = path.length - 1; i >= 0; i--) depth.set(path[i]!, ++d);
  }
  const ordered = [...members].sort((a, b) => depth.get(a.code)! - depth.get(b.code)!);
  return { ordered, depth };
}
