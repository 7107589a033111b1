import type { Satang } from '@portal/plan/money';

/**
 * The rows the engine posts (plan sections 2, 4, 5), as data: the plan's decisions (payment.ts,
 * cancellation.ts, release.ts, uses.ts in this folder) return them without touching a database, and
 * writer.ts turns them into SQL in the event's transaction (ledger.ts reads the facts and runs both).
 */

export type OrderType = 'PACKAGE' | 'UPGRADE' | 'REPURCHASE' | 'DROPSHIP';

/** An order as the engine reads it (the `orders` row). */
export type OrderRow = {
  id: number;
  order_no: string;
  member_id: number;
  order_type: OrderType;
  package_code: string | null;
  payment_status: string;
  status: string;
  hold_points: boolean;
  pv_total: number;
  lvp_total: number;
  lvp_used: number;
  points_used: string;
  paid_date: string | null;
  canceled_date: string | null;
};

// ---- ledger rows ---------------------------------------------------------------------------------

/** A row of `volume_postings`: PV of a member on a date (plan 2.2), once by its natural key. */
export interface VolumeRow {
  key: string;
  memberId: number;
  date: string;
  pv: number;
  personal: boolean;
  flowsUp: boolean;
  ownSide?: 'left' | 'right' | null;
  repurchase: boolean;
  kind: 'ORDER' | 'RELEASE' | 'REVERSAL';
  source: string;
  orderId: number | null;
}

/** A row of `lvp_postings` (plan 2.3). */
export interface LvpRow {
  key: string;
  memberId: number;
  type: 'INCREASE' | 'DECREASE' | 'OTHER';
  points: number;
  remark: string;
  date: string;
  orderId: number | null;
  createdBy?: number | null;
}

/** A row of `point_postings` (plan 5.2). */
export interface PointRow {
  key: string;
  memberId: number;
  kind: 'CYCLE' | 'USE' | 'REFUND' | 'OTHER';
  points: Satang;
  remark: string;
  date: string;
  orderId?: number | null;
  createdBy?: number | null;
}

/** An income line (plan 4, 6), once by (member, type, source, generation). */
export interface IncomeLine {
  memberId: number;
  type: 'CYCLE' | 'REFERRER' | 'CASHBACK' | 'MTA' | 'DROPSHIP';
  source: string;
  generation?: number;
  orderId?: number | null;
  orderItemId?: number | null;
  amount: Satang;
  pointPart?: Satang;
  incomeDate: string;
}

/** A hold lot (plan 5.1): paid PV not posted yet, until its deadline. */
export interface HoldLotRow {
  memberId: number;
  orderId: number;
  pvTotal: number;
  createdDate: string;
  deadline: string;
  repurchase: boolean;
}

/** What one event posts: rows of the ledgers, each written once by its natural key. */
export interface Postings {
  volume?: VolumeRow[];
  lvp?: LvpRow[];
  points?: PointRow[];
  income?: IncomeLine[];
  holdLots?: HoldLotRow[];
}
