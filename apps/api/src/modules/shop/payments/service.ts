import type { PromptPayCallback } from '@portal/contracts/shop';
import type { AppContext } from '../../../context';
import type { Tx } from '../../../db/client';
import { postPayment } from '../../../compensation/ledger';
import { satang } from '@portal/plan/money';
import { planFor, type Plan } from '../../../compensation/plan';
import { AppError } from '../../../lib/errors';
import { discard, newStorageKey, promoteUpload, stageUpload, stagingKey } from '../../../lib/storage';
import type { UploadedFile } from '../../../lib/uploads';
import { audit, providerActor, type Actor } from '../audit';
import { planRule, shopErrors } from '../errors';
import { extendedBySlip } from '../holds/rules';
import {
  decideSlip,
  insertConfirmedPayment,
  insertSlip,
  latestSlip,
  lockPayment,
  setPayment,
  slipUsedElsewhere,
} from './repository';
import type { Moment } from '@portal/plan/dates';
import { issueInvoiceAtPayment, taxSeller, type Seller } from '../tax/service';

/**
 * Pays an order: the engine marks it paid and posts its PV (or a hold lot), LVP and income, and the
 * shop issues its abbreviated tax invoice (tax/service.ts), in the caller's transaction (docs/plan.md
 * E5: one transaction for the payment and what it posts).
 */
export async function payOrder(
  tx: Tx,
  orderId: number,
  when: Moment,
  seller: Seller,
  by: Actor,
  plan?: Plan,
): Promise<boolean> {
  let paid: boolean;
  try {
    paid = await postPayment(tx, plan ?? (await planFor(tx, when.date)), orderId, when);
  } catch (err) {
    return planRule(err);
  }
  if (paid) await issueInvoiceAtPayment(tx, orderId, when, seller, by);
  return paid;
}

/**
 * The one way a payment is confirmed, whoever confirms it (the demo provider, staff with a slip,
 * the PromptPay callback): the payment row is locked, so a confirmation that arrives twice finds it
 * confirmed and pays nothing more (`already`).
 */
export async function confirmPayment(
  tx: Tx,
  where: { id: number } | { orderId: number },
  when: Moment,
  by: Actor,
  seller: Seller,
  opts: { providerTxnId?: string; amount?: string; plan?: Plan } = {},
): Promise<{ orderId: number; already: boolean }> {
  const row = await lockPayment(tx, where);
  if (!row) throw shopErrors.orderNotFound();
  const p = row.payment;
  if (p.state === 'confirmed') return { orderId: p.orderId, already: true };
  if (row.canceledDate || p.state === 'canceled')
    throw shopErrors.paymentNotPending('This order was canceled');
  if (opts.amount !== undefined && satang(opts.amount) !== satang(p.amount)) {
    throw new AppError(422, 'PAYMENT_AMOUNT_MISMATCH', `The amount paid is not ${p.amount}`);
  }
  await setPayment(tx, p.id, {
    state: 'confirmed',
    confirmedAt: when.at,
    confirmedBy: by.actor,
    providerTxnId: opts.providerTxnId ?? null,
  });
  await payOrder(tx, p.orderId, when, seller, by, opts.plan);
  await audit(
    tx,
    by,
    'payment_confirmed',
    { orderId: p.orderId },
    {
      method: p.method,
      amount: p.amount,
      reference: p.reference,
      provider_txn_id: opts.providerTxnId ?? null,
    },
  );
  return { orderId: p.orderId, already: false };
}

/**
 * A payment made as it is created (the demo provider, or points and LVP covering everything): it is
 * written confirmed and the order paid in the checkout's own transaction, so there is nothing to
 * confirm twice.
 */
export async function paidAtOnce(
  tx: Tx,
  payment: { orderId: number; method: string; amount: string; reference: string },
  when: Moment,
  by: Actor,
  seller: Seller,
  plan?: Plan,
) {
  await insertConfirmedPayment(
    tx,
    { ...payment, confirmedAt: when.at, confirmedBy: by.actor },
    {
      actor: by.actor,
      actorUserId: by.userId,
      action: 'payment_confirmed',
      detail: {
        method: payment.method,
        amount: payment.amount,
        reference: payment.reference,
        provider_txn_id: null,
      },
    },
  );
  await payOrder(tx, payment.orderId, when, seller, by, plan);
}

/**
 * A transfer slip for an unpaid order, checked by its bytes by the caller. Staged, its row
 * committed, then moved into place (lib/storage). A newer slip replaces one still waiting; a slip
 * already sent for another order is refused. The order's hold extends to the full payment window.
 */
export async function submitSlip(ctx: AppContext, orderId: number, file: UploadedFile, by: Actor) {
  const key = newStorageKey('slips', `.${file.ext}`);
  await stageUpload(ctx.storage, key, file.data);
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await lockPayment(tx, { orderId });
      if (!row || row.payment.method !== 'transfer')
        throw shopErrors.paymentNotPending('This order is not paid by bank transfer');
      const p = row.payment;
      if (row.canceledDate || !['pending', 'submitted', 'rejected'].includes(p.state))
        throw shopErrors.paymentNotPending(`This payment is ${row.canceledDate ? 'canceled' : p.state}`);
      if (await slipUsedElsewhere(tx, file.sha256, p.id))
        throw new AppError(409, 'CONFLICT', 'This slip was already sent for another order');
      const waiting = await latestSlip(tx, p.id);
      if (waiting?.status === 'submitted')
        await decideSlip(tx, waiting.id, 'rejected', null, 'Replaced by a newer slip');
      const slipId = await insertSlip(tx, {
        paymentId: p.id,
        storageKey: key,
        fileName: file.name,
        mimeType: file.mime,
        sizeBytes: file.data.length,
        sha256: file.sha256,
      });
      // The slip shows the buyer paid: the units stay held for the full window (issue 19).
      const expiresAt = extendedBySlip(p.expiresAt, p.windowEndsAt);
      await setPayment(tx, p.id, { state: 'submitted', expiresAt });
      await audit(
        tx,
        by,
        'slip_submitted',
        { orderId },
        { slip_id: slipId, file_name: file.name, held_until: expiresAt?.toISOString() ?? null },
      );
    });
  } catch (err) {
    await discard(ctx.storage, [stagingKey(key)]);
    throw err;
  }
  await promoteUpload(ctx.storage, key);
}

/** Staff confirm the waiting slip: the order is paid (once: a second confirmation changes nothing). */
export async function confirmSlip(tx: Tx, orderId: number, when: Moment, staff: Actor, seller: Seller) {
  const row = await lockPayment(tx, { orderId });
  if (!row || row.payment.method !== 'transfer')
    throw shopErrors.paymentNotPending('This order is not paid by bank transfer');
  if (row.payment.state === 'confirmed') return { already: true };
  const slip = await latestSlip(tx, row.payment.id);
  if (!slip || slip.status !== 'submitted')
    throw shopErrors.paymentNotPending('No slip waits for a decision');
  await decideSlip(tx, slip.id, 'confirmed', staff.userId, null);
  return confirmPayment(tx, { id: row.payment.id }, when, staff, seller);
}

/** Staff reject the waiting slip with a reason the buyer sees; the buyer may send another. */
export async function rejectSlip(tx: Tx, orderId: number, reason: string, staff: Actor) {
  const row = await lockPayment(tx, { orderId });
  if (!row || row.payment.method !== 'transfer')
    throw shopErrors.paymentNotPending('This order is not paid by bank transfer');
  const slip = await latestSlip(tx, row.payment.id);
  if (row.payment.state !== 'submitted' || slip?.status !== 'submitted')
    throw shopErrors.paymentNotPending('No slip waits for a decision');
  await decideSlip(tx, slip.id, 'rejected', staff.userId, reason);
  await setPayment(tx, row.payment.id, { state: 'rejected' });
  await audit(tx, staff, 'slip_rejected', { orderId }, { slip_id: slip.id, reason });
}

/**
 * The PromptPay provider's callback (signature checked by the route). The same callback twice pays
 * once; a second, different transaction for a paid reference is recorded for staff to refund.
 */
export async function promptPayPaid(ctx: AppContext, body: PromptPayCallback, when: Moment) {
  return ctx.db.transaction(async (tx) => {
    const row = await lockPayment(tx, { reference: body.reference });
    if (!row || row.payment.method !== 'promptpay') throw shopErrors.orderNotFound();
    const by = providerActor('promptpay');
    if (row.payment.state === 'confirmed') {
      const duplicate = row.payment.providerTxnId !== body.transaction_id;
      if (duplicate) {
        await audit(tx, by, 'duplicate_payment', { orderId: row.payment.orderId }, { ...body });
      }
      return {
        order_no: row.orderNo,
        result: duplicate ? ('duplicate' as const) : ('already_paid' as const),
      };
    }
    await confirmPayment(tx, { id: row.payment.id }, when, by, taxSeller(ctx.config), {
      providerTxnId: body.transaction_id,
      amount: body.amount,
    });
    return { order_no: row.orderNo, result: 'paid' as const };
  });
}
