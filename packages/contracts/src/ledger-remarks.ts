import { z } from 'zod';

/**
 * The remarks the engine writes on the LVP and point ledgers (plan 2.3, 5.2) as a message key and its
 * parameters, beside the plan's own English `remark` text (which stays on the wire as it is). The
 * portal renders the key in the reader's language; a remark without a key (a staff adjustment's own
 * words) is shown as written.
 */
export const LEDGER_REMARK_KEYS = [
  /** LVP INCREASE `order {order}`: earned on a paid REPURCHASE. */
  'order',
  /** LVP DECREASE or point USE `use in order {order}`: spent as part payment. */
  'use_in_order',
  /** LVP DECREASE `cancel order {order}`: the LVP of a canceled order taken back. */
  'cancel_order',
  /** LVP INCREASE `refund LVP order {order}`: LVP spent on a canceled order returned. */
  'refund_lvp_order',
  /** Point REFUND `refund order {order}`: points spent on a canceled order returned. */
  'refund_order',
  /** Point CYCLE `cycle bonus {date}`: the point part of the cycle bonus of a closing day. */
  'cycle_bonus',
] as const;
export type LedgerRemarkKey = (typeof LEDGER_REMARK_KEYS)[number];

/** The parameters a key's text takes: `order` an order number, `date` a business date YYYY-MM-DD. */
export type LedgerRemarkParams = { order?: string; date?: string };

export const ledgerRemarkFields = {
  remark_key: z.enum(LEDGER_REMARK_KEYS).nullable().meta({
    description:
      "The remark as a message key (order, use_in_order, cancel_order, refund_lvp_order, refund_order, cycle_bonus); null for a staff adjustment's own words, shown as `remark`",
  }),
  remark_params: z
    .object({
      order: z.string().optional().meta({ description: 'The order number the remark names' }),
      date: z.string().optional().meta({ description: 'The business date (YYYY-MM-DD) the remark names' }),
    })
    .meta({ description: "The remark key's parameters" }),
};
