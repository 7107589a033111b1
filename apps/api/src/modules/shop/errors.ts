import { AppError } from '../../lib/errors';
import { PlanRuleError } from '../../compensation/plan';

/** The shop's answers for the rules it enforces. */
export const shopErrors = {
  noMember: () => new AppError(403, 'FORBIDDEN', 'This account has no member record and cannot buy'),
  orderNotFound: () => new AppError(404, 'NOT_FOUND', 'Not found data'),
  productNotFound: () => new AppError(404, 'NOT_FOUND', 'Not found data'),
  unavailable: (code: string) =>
    new AppError(422, 'PRODUCT_UNAVAILABLE', `The product ${code} is not available`, {
      [`items.${code}`]: [`The product ${code} is not available`],
    }),
  outOfStock: (code: string, left: number) =>
    new AppError(409, 'OUT_OF_STOCK', `Only ${left} of ${code} left`, {
      [`items.${code}`]: [`Only ${left} left`],
    }),
  cartEmpty: () => new AppError(422, 'CART_EMPTY', 'Your cart is empty'),
  notCancelable: (status: string) =>
    new AppError(409, 'ORDER_NOT_CANCELABLE', `This order cannot be canceled (it is ${status})`),
  statusConflict: (message: string) => new AppError(409, 'ORDER_STATUS_CONFLICT', message),
  paymentNotPending: (message = 'This order is not waiting for this payment') =>
    new AppError(409, 'PAYMENT_NOT_PENDING', message),
  methodUnavailable: (method: string) =>
    new AppError(422, 'PAYMENT_METHOD_UNAVAILABLE', `The payment method ${method} is not available`, {
      payment_method: [`The payment method ${method} is not available`],
    }),
};

/** A rule of the plan (a package already held, an upgrade that is not higher): 409. */
export function planRule(err: unknown): never {
  if (err instanceof PlanRuleError) throw new AppError(409, 'PLAN_RULE', err.message);
  throw err;
}
