import type { Payment } from '@portal/contracts/shop';
import type { ShopSettings } from '../../../config';
import { promptPayPayload } from './promptpay';

export type PaymentKind = 'demo' | 'transfer' | 'promptpay' | 'balance';

/**
 * A way to pay (docs/plan.md E5). `demo` pays at once and exists only in demo mode; `balance` is the
 * shop's own when points and LVP covered everything; `transfer` waits for a slip that staff
 * confirm; `promptpay` waits for the provider's signed callback. Every confirmation goes through
 * payments/service.ts `confirmPayment`, which pays an order once however often it is called.
 */
export interface PaymentProvider {
  kind: PaymentKind;
  paysAtOnce: boolean;
  /** What the payer needs: the QR payload, the account to transfer to. */
  instructions(payment: {
    reference: string;
    amount: string;
  }): Pick<Payment, 'promptpay_payload' | 'transfer_to'>;
}

const none = () => ({ promptpay_payload: null, transfer_to: null });

export function providerFor(settings: ShopSettings, kind: PaymentKind): PaymentProvider {
  switch (kind) {
    case 'demo':
    case 'balance':
      return { kind, paysAtOnce: true, instructions: none };
    case 'transfer':
      return {
        kind,
        paysAtOnce: false,
        instructions: () => ({
          promptpay_payload: null,
          transfer_to: settings.transferAccount
            ? {
                bank: settings.transferAccount.bank,
                account_no: settings.transferAccount.accountNo,
                account_name: settings.transferAccount.accountName,
              }
            : null,
        }),
      };
    case 'promptpay':
      return {
        kind,
        paysAtOnce: false,
        instructions: (p) => ({
          promptpay_payload: settings.promptPay
            ? promptPayPayload(settings.promptPay.id, p.amount, p.reference)
            : null,
          transfer_to: null,
        }),
      };
  }
}

/** Whether buyers may choose this method now (the settings list it). */
export const isOffered = (settings: ShopSettings, method: string) =>
  (settings.paymentMethods as string[]).includes(method);
