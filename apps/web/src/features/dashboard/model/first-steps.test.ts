import { describe, expect, it } from 'vitest';
import { firstSteps } from './first-steps';

const fresh = {
  is_verifies_email: false,
  is_verifies_mobile: true,
  is_verifies_identity: false,
  is_verifies_bank: false,
};
const none = { paid_orders: 0, invited: 0 };

describe('firstSteps', () => {
  it('ticks nothing for a member who has only verified the mobile they signed up with', () => {
    const view = firstSteps(fresh, none);
    expect(view.steps.map((s) => [s.key, s.done])).toEqual([
      ['verify', false],
      ['kyc', false],
      ['bank', false],
      ['order', false],
      ['invite', false],
    ]);
    expect(view.done).toBe(0);
    expect(view.complete).toBe(false);
  });

  it('sends the activation e-mail while the e-mail is not verified, else a code to the mobile', () => {
    expect(firstSteps(fresh, none).steps[0]!.action).toEqual({ kind: 'sendActivation' });
    const emailOnly = { ...fresh, is_verifies_email: true, is_verifies_mobile: false };
    expect(firstSteps(emailOnly, none).steps[0]).toEqual({
      key: 'verify',
      done: false,
      action: { kind: 'verifyMobile' },
    });
    expect(firstSteps({ ...emailOnly, is_verifies_mobile: true }, none).steps[0]!.done).toBe(true);
  });

  it('ticks each step from its own state and links to where it is done', () => {
    const view = firstSteps(
      { ...fresh, is_verifies_identity: true, is_verifies_bank: false },
      { paid_orders: 1, invited: 0 },
    );
    expect(view.steps.map((s) => s.done)).toEqual([false, true, false, true, false]);
    expect(view.done).toBe(2);
    expect(view.steps.map((s) => s.action)).toEqual([
      { kind: 'sendActivation' },
      { kind: 'link', href: '/profile#kyc' },
      { kind: 'link', href: '/profile#bank' },
      { kind: 'link', href: '/ecommerce' },
      { kind: 'anchor', id: 'invitation' },
    ]);
  });

  it('is complete, and so not shown, once all five are done', () => {
    const view = firstSteps(
      {
        is_verifies_email: true,
        is_verifies_mobile: true,
        is_verifies_identity: true,
        is_verifies_bank: true,
      },
      { paid_orders: 3, invited: 2 },
    );
    expect(view.done).toBe(5);
    expect(view.complete).toBe(true);
  });
});
