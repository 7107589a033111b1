import { ApiError } from '../../../lib/http/errors';

/**
 * The engine refuses with the plan's rule in one English line (409 PLAN_RULE). The desk shows the
 * rules it knows in the staff member's language, with the dates in their calendar; any other line as
 * the server wrote it, since it names what went wrong better than a generic message.
 */
export type RuleKey =
  'notEnded' | 'closeFirst' | 'nothingBefore' | 'closedAlready' | 'running' | 'planFrom' | 'negative';

const DATE = '(\\d{4}-\\d{2}-\\d{2})';
const RULES: [RuleKey, RegExp][] = [
  ['notEnded', new RegExp(`^${DATE} has not ended yet`)],
  ['closeFirst', new RegExp(`^Close ${DATE} first`)],
  ['nothingBefore', new RegExp(`^Nothing happened before ${DATE}`)],
  ['closedAlready', new RegExp(`^${DATE} is closed already`)],
  ['running', /^A closing is running/],
  ['planFrom', new RegExp(`^A new version applies from ${DATE} at the earliest`)],
  ['negative', /^This would leave a negative balance \((-?[\d.]+)\)/],
];

export interface Rule {
  key: RuleKey;
  /** The date or amount the rule names. */
  value: string;
}

export function ruleOf(message: string): Rule | null {
  for (const [key, pattern] of RULES) {
    const m = pattern.exec(message);
    if (m) return { key, value: m[1] ?? '' };
  }
  return null;
}

/**
 * One sentence for a failed desk action: a known rule through `translate`, another rule of the plan
 * as the server wrote it, anything else through `fallback` (the portal's usual error text).
 */
export function refusalText(
  error: unknown,
  translate: (rule: Rule) => string,
  fallback: (error: unknown) => string,
): string {
  if (
    error instanceof ApiError &&
    (error.errorCode === 'PLAN_RULE' || error.errorCode === 'VALIDATION_ERROR')
  ) {
    const rule = ruleOf(error.message);
    if (rule) return translate(rule);
    if (error.errorCode === 'PLAN_RULE') return error.message;
  }
  return fallback(error);
}
