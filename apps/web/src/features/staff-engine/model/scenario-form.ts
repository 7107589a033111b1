import { addDays, daysBetween } from '@portal/plan/dates';

/**
 * The simulator's form for the common cases (issue 23, item 12): a few members placed in a binary
 * tree, each with the package bought on the first day, repurchases on given days, and the days to
 * run. It writes the scenario of plan section 13 that the JSON box holds, so anything the form does
 * not cover is still edited there.
 */
export type Side = 'left' | 'right';

export interface FormMember {
  code: string;
  /** The member it is placed under (empty for the root, the first member). */
  upline: string;
  side: Side;
  /** Who invited it (empty: its upline). */
  referrer: string;
  /** The package bought on the first day; empty: none. */
  package: string;
}

export interface FormRepurchase {
  member: string;
  /** 1 = the first day of the range. */
  day: number;
  pv: number;
}

export interface ScenarioForm {
  from: string;
  until: string;
  members: FormMember[];
  repurchases: FormRepurchase[];
}

export type FormProblem =
  | { kind: 'range' }
  | { kind: 'code'; row: number }
  | { kind: 'duplicate'; row: number }
  | { kind: 'upline'; row: number }
  | { kind: 'sideTaken'; row: number }
  | { kind: 'repurchaseMember'; row: number }
  | { kind: 'repurchaseDay'; row: number }
  | { kind: 'repurchasePv'; row: number };

/** A fresh form: A with SILVER, B and C under it with STARTER, a week from `from`. */
export function defaultScenarioForm(from: string): ScenarioForm {
  return {
    from,
    until: addDays(from, 6),
    members: [
      { code: 'A', upline: '', side: 'left', referrer: '', package: 'SILVER' },
      { code: 'B', upline: 'A', side: 'left', referrer: 'A', package: 'STARTER' },
      { code: 'C', upline: 'A', side: 'right', referrer: 'A', package: 'STARTER' },
    ],
    repurchases: [{ member: 'B', day: 2, pv: 800 }],
  };
}

/** The first thing wrong with the form, or null. */
export function formProblem(form: ScenarioForm): FormProblem | null {
  if (!form.from || !form.until || form.until < form.from) return { kind: 'range' };
  const seen = new Set<string>();
  const taken = new Set<string>();
  for (const [row, m] of form.members.entries()) {
    if (!/^[A-Za-z0-9_-]{1,20}$/.test(m.code)) return { kind: 'code', row };
    if (seen.has(m.code)) return { kind: 'duplicate', row };
    if (row > 0) {
      // Placed under a member listed above it: the tree grows down the list.
      if (!seen.has(m.upline)) return { kind: 'upline', row };
      const spot = `${m.upline}:${m.side}`;
      if (taken.has(spot)) return { kind: 'sideTaken', row };
      taken.add(spot);
    }
    seen.add(m.code);
  }
  const days = daysBetween(form.from, form.until) + 1;
  for (const [row, r] of form.repurchases.entries()) {
    if (!seen.has(r.member)) return { kind: 'repurchaseMember', row };
    if (!Number.isInteger(r.day) || r.day < 1 || r.day > days) return { kind: 'repurchaseDay', row };
    if (!Number.isInteger(r.pv) || r.pv < 1) return { kind: 'repurchasePv', row };
  }
  return null;
}

/** The scenario of plan section 13 the form describes (check `formProblem` first). */
export function scenarioFromForm(form: ScenarioForm): Record<string, unknown> {
  const members = form.members.map((m, row) =>
    row === 0
      ? { code: m.code }
      : { code: m.code, upline: m.upline, side: m.side, referrer: m.referrer || m.upline },
  );
  const packages = form.members
    .filter((m) => m.package)
    .map((m) => ({
      date: form.from,
      type: 'order',
      id: `P-${m.code}`,
      member: m.code,
      order_type: 'PACKAGE',
      package: m.package,
    }));
  const repurchases = form.repurchases.map((r, n) => ({
    date: addDays(form.from, r.day - 1),
    type: 'order',
    id: `R${n + 1}`,
    member: r.member,
    order_type: 'REPURCHASE',
    pv: r.pv,
  }));
  return { members, events: [...packages, ...repurchases], until: form.until };
}
