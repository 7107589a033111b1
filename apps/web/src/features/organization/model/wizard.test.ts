import { describe, expect, it } from 'vitest';
import type { PlaceableMember, PlacementResult } from '@portal/contracts/network';
import { ApiError, NetworkError } from '../../../lib/http/errors';
import {
  canConfirm,
  canGoTo,
  firstModeWithPositions,
  initialWizard,
  placementFailure,
  wizardReducer,
  type SlotChoice,
  type WizardAction,
  type WizardState,
} from './wizard';

const member: PlaceableMember = {
  id: 330,
  member_code: 'M1000330',
  first_name: 'Pim',
  last_name: 'Dee',
  avatar_id: 330,
  avatar_thumbnail: null,
  gender: 'female',
  email: 'pim@example.test',
  phone_number: '0810000330',
  referrer: null,
  register_date: '2026-11-01T00:00:00.000Z',
};
const slot: SlotChoice = { uplineId: 12, uplineCode: 'M1000012', position: 'left', source: 'list' };
const preset: SlotChoice = {
  ...slot,
  uplineId: 15,
  uplineCode: 'M1000015',
  uplineName: 'A B',
  source: 'tree',
};

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const atConfirm = (start = initialWizard()) =>
  run(
    start,
    { type: 'pickMember', member },
    { type: 'toLocation' },
    { type: 'pickSlot', slot },
    { type: 'toConfirm' },
  );

describe('add-member wizard', () => {
  it('walks search → member → location → confirm', () => {
    let s = initialWizard();
    expect(s.step).toBe(0);
    s = wizardReducer(s, { type: 'pickMember', member });
    expect(s.step).toBe(1);
    s = wizardReducer(s, { type: 'toConfirm' });
    expect(s.step).toBe(1); // no slot yet: cannot skip the location step
    s = run(s, { type: 'toLocation' }, { type: 'pickSlot', slot }, { type: 'toConfirm' });
    expect(s.step).toBe(3);
    expect(s.member).toBe(member);
    expect(s.slot).toBe(slot);
  });

  it('cannot confirm without the correctness tick', () => {
    const s = atConfirm();
    expect(canConfirm(s)).toBe(false);
    expect(canConfirm(wizardReducer(s, { type: 'setConfirmed', confirmed: true }))).toBe(true);
    expect(
      canConfirm(
        run(s, { type: 'setConfirmed', confirmed: true }, { type: 'setConfirmed', confirmed: false }),
      ),
    ).toBe(false);
  });

  it('clears the tick when the member goes back and changes the slot', () => {
    let s = run(atConfirm(), { type: 'setConfirmed', confirmed: true }, { type: 'goTo', step: 2 });
    expect(s.confirmed).toBe(false);
    s = run(s, { type: 'pickSlot', slot: { ...slot, position: 'right' } }, { type: 'toConfirm' });
    expect(canConfirm(s)).toBe(false);
  });

  it('starts from an empty slot of the tree with that slot chosen', () => {
    const s = initialWizard(preset);
    expect(s.slot).toBe(preset);
    expect(s.mode).toBe('tree');
    const t = run(s, { type: 'pickMember', member }, { type: 'toLocation' }, { type: 'toConfirm' });
    expect(t.step).toBe(3);
    expect(t.slot).toBe(preset);
  });

  it('opens the location step on a mode that has positions, never over a mode the member chose', () => {
    // the demo's case: the first levels are full, the quick choices are not
    expect(firstModeWithPositions({ tree: 0, list: 0, quick: 3 })).toBe('quick');
    expect(firstModeWithPositions({ tree: 4, list: 2, quick: 3 })).toBe('list');
    expect(firstModeWithPositions({ tree: 2, list: 0, quick: 0 })).toBe('tree');
    expect(firstModeWithPositions({ tree: 0, list: 0, quick: 0 })).toBe('list');
    expect(firstModeWithPositions({ tree: 2, list: null, quick: null })).toBeNull();

    const s = run(initialWizard(), { type: 'pickMember', member }, { type: 'toLocation' });
    expect(s.modeChosen).toBe(false);
    expect(wizardReducer(s, { type: 'autoMode', mode: 'quick' }).mode).toBe('quick');
    const chosen = wizardReducer(s, { type: 'setMode', mode: 'tree' });
    expect(wizardReducer(chosen, { type: 'autoMode', mode: 'quick' }).mode).toBe('tree');
    // started from a slot of the tree: the tree stays
    const fromTree = run(initialWizard(preset), { type: 'pickMember', member }, { type: 'toLocation' });
    expect(wizardReducer(fromTree, { type: 'autoMode', mode: 'quick' }).mode).toBe('tree');
  });

  it('drops a slot chosen one way when the member switches to another way of choosing', () => {
    const s = run(initialWizard(preset), { type: 'pickMember', member }, { type: 'toLocation' });
    expect(wizardReducer(s, { type: 'setMode', mode: 'tree' }).slot).toBe(preset);
    expect(wizardReducer(s, { type: 'setMode', mode: 'quick' }).slot).toBeNull();
  });

  it('after a 409 goes back to the location step, keeping the member and dropping the taken slot', () => {
    const s = run(
      atConfirm(),
      { type: 'setConfirmed', confirmed: true },
      { type: 'failed', failure: 'slotTaken' },
    );
    expect(s.step).toBe(2);
    expect(s.member).toBe(member);
    expect(s.slot).toBeNull();
    expect(s.confirmed).toBe(false);
    expect(s.failure).toBe('slotTaken');
    // choosing another slot carries on with the same member
    const t = run(s, { type: 'pickSlot', slot: { ...slot, uplineId: 13 } }, { type: 'toConfirm' });
    expect(t.step).toBe(3);
    expect(t.member).toBe(member);
    expect(t.failure).toBeNull();
  });

  it('forgets a preset slot that was just taken', () => {
    const s = run(
      atConfirm(initialWizard(preset)),
      { type: 'pickSlot', slot: preset },
      { type: 'failed', failure: 'slotTaken' },
    );
    expect(s.preset).toBeNull();
    expect(s.mode).toBe('list');
  });

  it('when the member may no longer be placed goes back to the search, keeping the slot', () => {
    const s = wizardReducer(atConfirm(), { type: 'failed', failure: 'memberGone' });
    expect(s.step).toBe(0);
    expect(s.member).toBeNull();
    expect(s.slot).toBe(slot);
    expect(s.failure).toBe('memberGone');
  });

  it('stays on the confirm step when the placement is not allowed', () => {
    const s = wizardReducer(atConfirm(), { type: 'failed', failure: 'forbidden' });
    expect(s.step).toBe(3);
    expect(s.failure).toBe('forbidden');
  });

  it('finishes with the result and starts over for another member', () => {
    const result: PlacementResult = {
      member,
      upline: { ...member, id: 12, member_code: 'M1000012' },
      position: 'left',
      placed_at: '2026-11-20T00:00:00.000Z',
    };
    const done = wizardReducer(atConfirm(), { type: 'placed', result });
    expect(done.step).toBe(4);
    expect(canGoTo(done, 0)).toBe(false);
    const again = wizardReducer(done, { type: 'addAnother' });
    expect(again).toEqual(initialWizard());
  });

  it('lets the stepper go back only to steps already reached', () => {
    const s = atConfirm();
    expect(canGoTo(s, 0)).toBe(true);
    expect(canGoTo(s, 2)).toBe(true);
    expect(canGoTo(s, 3)).toBe(false);
    expect(canGoTo(initialWizard(), 1)).toBe(false);
  });
});

describe('placementFailure', () => {
  const apiError = (status: number, message: string, code?: ApiError['errorCode'], fields = {}) =>
    new ApiError(status, status, message, code, fields);

  it('reads a taken slot from 409', () => {
    expect(placementFailure(apiError(409, 'This position has just been taken', 'CONFLICT'))).toBe(
      'slotTaken',
    );
  });

  it('reads a member placed meanwhile (409) or not placeable (422) as gone', () => {
    expect(placementFailure(apiError(409, 'This member was placed meanwhile', 'CONFLICT'))).toBe(
      'memberGone',
    );
    expect(
      placementFailure(
        apiError(422, 'This member is already placed', 'VALIDATION_ERROR', {
          member_id: ['This member is already placed'],
        }),
      ),
    ).toBe('memberGone');
  });

  it('tells a suspended account from an upline outside the downline', () => {
    expect(placementFailure(apiError(403, 'This account is suspended', 'ACCOUNT_SUSPENDED'))).toBe(
      'suspended',
    );
    expect(placementFailure(apiError(403, 'The upline is not in your downline', 'FORBIDDEN'))).toBe(
      'forbidden',
    );
  });

  it('leaves anything else to the generic message', () => {
    expect(placementFailure(new NetworkError('timeout'))).toBe('other');
    expect(placementFailure(apiError(500, 'boom', 'INTERNAL_ERROR'))).toBe('other');
  });
});
