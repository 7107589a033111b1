import type { LedgerRemarkKey, LedgerRemarkParams } from '@portal/contracts/ledger-remarks';

/**
 * The remarks of the LVP and point ledgers (plan 2.3, 5.2): the plan's English texts the engine writes
 * (kept on the wire as they are) and, read back, their message key and parameters, which the portal
 * renders in the reader's language. Writing and reading live here together so they cannot drift.
 */
export const REMARK = {
  order: (orderNo: string) => `order ${orderNo}`,
  useInOrder: (orderNo: string) => `use in order ${orderNo}`,
  cancelOrder: (orderNo: string) => `cancel order ${orderNo}`,
  refundLvpOrder: (orderNo: string) => `refund LVP order ${orderNo}`,
  refundOrder: (orderNo: string) => `refund order ${orderNo}`,
  /** Written by the closing in SQL: `'cycle bonus ' || closing_date::text` (closing.ts). */
  cycleBonus: (date: string) => `cycle bonus ${date}`,
} as const;

/** Each key's text as a pattern, its one parameter captured; longer prefixes before `order`. */
const PATTERNS: readonly [LedgerRemarkKey, RegExp, keyof LedgerRemarkParams][] = [
  ['refund_lvp_order', /^refund LVP order (\S+)$/, 'order'],
  ['refund_order', /^refund order (\S+)$/, 'order'],
  ['use_in_order', /^use in order (\S+)$/, 'order'],
  ['cancel_order', /^cancel order (\S+)$/, 'order'],
  ['order', /^order (\S+)$/, 'order'],
  ['cycle_bonus', /^cycle bonus (\d{4}-\d{2}-\d{2})$/, 'date'],
];

export interface RemarkFields {
  remark_key: LedgerRemarkKey | null;
  remark_params: LedgerRemarkParams;
}

/**
 * A stored remark's key and parameters. `entry` is the row's LVP type or point kind: an OTHER row is
 * a staff adjustment whose remark is the author's own words (no key, shown as written), whatever
 * they look like; any other remark the engine did not write this way has no key either.
 */
export function remarkFields(remark: string, entry: string): RemarkFields {
  if (entry !== 'OTHER') {
    for (const [key, pattern, param] of PATTERNS) {
      const found = pattern.exec(remark);
      if (found?.[1]) return { remark_key: key, remark_params: { [param]: found[1] } };
    }
  }
  return { remark_key: null, remark_params: {} };
}
