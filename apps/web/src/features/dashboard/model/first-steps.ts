import type { User } from '@portal/contracts/identity';
import type { FirstSteps } from '@portal/contracts/network';
import { paths } from '../../../lib/paths';

/**
 * A new member's first steps (issue 23, item 2), each derived from the member's own state: both
 * contacts verified (the e-mail and the mobile), identity verified (KYC), bank account verified, a
 * paid order that stands, someone signed up with their invitation. A step ticks itself when its
 * state is reached; the list is gone once all five are.
 */
export const FIRST_STEP_KEYS = ['verify', 'kyc', 'bank', 'order', 'invite'] as const;
export type FirstStepKey = (typeof FIRST_STEP_KEYS)[number];
/** The steps the account itself tells (its verified flags), known before the facts call answers. */
export const ACCOUNT_STEPS: ReadonlySet<FirstStepKey> = new Set(['verify', 'kyc', 'bank']);

/** Where a step is done: a page of the portal, or the activation e-mail or SMS code from the dashboard. */
export type FirstStepAction =
  | { kind: 'link'; href: string }
  | { kind: 'sendActivation' }
  /** a code by SMS to the account's mobile, entered in a dialog on the dashboard */
  | { kind: 'verifyMobile' }
  /** the invitation card on the dashboard itself */
  | { kind: 'anchor'; id: string };

export interface FirstStep {
  key: FirstStepKey;
  done: boolean;
  action: FirstStepAction;
}

export interface FirstStepsView {
  steps: FirstStep[];
  done: number;
  /** every step done: the checklist is not shown */
  complete: boolean;
}

export const INVITATION_ANCHOR = 'invitation';

type Flags = Pick<
  User,
  'is_verifies_email' | 'is_verifies_mobile' | 'is_verifies_identity' | 'is_verifies_bank'
>;

export function firstSteps(user: Flags, facts: FirstSteps): FirstStepsView {
  const steps: FirstStep[] = [
    {
      key: 'verify',
      done: user.is_verifies_email && user.is_verifies_mobile,
      // The e-mail is verified by its activation link, the mobile by a code sent to it by SMS.
      action: !user.is_verifies_email ? { kind: 'sendActivation' } : { kind: 'verifyMobile' },
    },
    {
      key: 'kyc',
      done: user.is_verifies_identity,
      action: { kind: 'link', href: paths.profile.href('kyc') },
    },
    { key: 'bank', done: user.is_verifies_bank, action: { kind: 'link', href: paths.profile.href('bank') } },
    { key: 'order', done: facts.paid_orders > 0, action: { kind: 'link', href: paths.ecommerce.href() } },
    { key: 'invite', done: facts.invited > 0, action: { kind: 'anchor', id: INVITATION_ANCHOR } },
  ];
  const done = steps.filter((s) => s.done).length;
  return { steps, done, complete: done === steps.length };
}
