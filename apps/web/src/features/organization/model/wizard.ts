import type { PlaceableMember, PlacementResult, Side } from '@portal/contracts/network';
import { ApiError } from '../../../lib/http/errors';

/** search new member → select member → specify location → confirm → finished */
export const WIZARD_STEPS = ['search', 'member', 'location', 'confirm', 'finished'] as const;
export type WizardStep = 0 | 1 | 2 | 3 | 4;

export type LocationMode = 'tree' | 'list' | 'quick';

export interface SlotChoice {
  uplineId: number;
  uplineCode: string;
  /** known when the slot was picked from the tree */
  uplineName?: string;
  position: Side;
  source: LocationMode;
  /** which quick choice, when source is 'quick' */
  quick?: 'extreme_left' | 'extreme_right' | 'weaker_leg';
}

export type PlacementFailure = 'slotTaken' | 'memberGone' | 'forbidden' | 'suspended' | 'other';

export interface WizardState {
  step: WizardStep;
  member: PlaceableMember | null;
  slot: SlotChoice | null;
  /** the empty slot the wizard was started from, if any */
  preset: SlotChoice | null;
  mode: LocationMode;
  /**
   * The member chose the mode (or the wizard started from a slot of the tree); until then the
   * location step opens on the first mode that has positions (`firstModeWithPositions`).
   */
  modeChosen: boolean;
  /** the required "this is correct" tick of the confirm step */
  confirmed: boolean;
  failure: PlacementFailure | null;
  /** the error behind an 'other' failure, for a translated description */
  error: unknown;
  result: PlacementResult | null;
}

export type WizardAction =
  | { type: 'start'; preset?: SlotChoice | null }
  | { type: 'pickMember'; member: PlaceableMember }
  | { type: 'toLocation' }
  | { type: 'setMode'; mode: LocationMode }
  | { type: 'autoMode'; mode: LocationMode }
  | { type: 'pickSlot'; slot: SlotChoice | null }
  | { type: 'toConfirm' }
  | { type: 'setConfirmed'; confirmed: boolean }
  | { type: 'goTo'; step: WizardStep }
  | { type: 'placed'; result: PlacementResult }
  | { type: 'failed'; failure: PlacementFailure; error?: unknown }
  | { type: 'addAnother' };

export function initialWizard(preset: SlotChoice | null = null): WizardState {
  return {
    step: 0,
    member: null,
    slot: preset,
    preset,
    mode: preset ? 'tree' : 'list',
    modeChosen: preset !== null,
    confirmed: false,
    failure: null,
    error: null,
    result: null,
  };
}

/**
 * The mode the location step opens on: the slot list when it has positions, else the quick choices
 * when one exists, else the tree's empty slots when it shows some; the slot list (which says there
 * is none) when nothing has any. `null` while the slot list is still loading.
 */
export function firstModeWithPositions(counts: {
  tree: number;
  list: number | null;
  quick: number | null;
}): LocationMode | null {
  if (counts.list === null || counts.quick === null) return null;
  if (counts.list > 0) return 'list';
  if (counts.quick > 0) return 'quick';
  if (counts.tree > 0) return 'tree';
  return 'list';
}

/** The confirm button works only with a member, a slot and the correctness tick. */
export function canConfirm(state: WizardState): boolean {
  return state.step === 3 && state.member !== null && state.slot !== null && state.confirmed;
}

/** Steps the member may jump back to from the stepper. */
export function canGoTo(state: WizardState, step: WizardStep): boolean {
  if (state.step === 4) return false;
  if (step >= state.step) return false;
  if (step >= 1 && !state.member) return false;
  return true;
}

const sameSlot = (a: SlotChoice | null, b: SlotChoice | null) =>
  !!a && !!b && a.uplineId === b.uplineId && a.position === b.position;

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'start':
      return initialWizard(action.preset ?? null);
    case 'pickMember':
      return { ...state, member: action.member, step: 1, failure: null, error: null, confirmed: false };
    case 'toLocation':
      return state.member ? { ...state, step: 2, failure: null, error: null } : state;
    case 'setMode':
      // A slot chosen another way stays chosen only while that way is the one on screen.
      return {
        ...state,
        mode: action.mode,
        modeChosen: true,
        slot: state.slot && state.slot.source !== action.mode ? null : state.slot,
        confirmed: false,
      };
    case 'autoMode':
      // Only the opening choice: never overrides a mode the member picked.
      return state.modeChosen || state.mode === action.mode
        ? state
        : { ...state, mode: action.mode, slot: null, confirmed: false };
    case 'pickSlot':
      return { ...state, slot: action.slot, confirmed: false };
    case 'toConfirm':
      return state.member && state.slot
        ? { ...state, step: 3, confirmed: false, failure: null, error: null }
        : state;
    case 'setConfirmed':
      return { ...state, confirmed: action.confirmed };
    case 'goTo':
      return canGoTo(state, action.step)
        ? { ...state, step: action.step, confirmed: false, failure: null, error: null }
        : state;
    case 'placed':
      return { ...state, step: 4, result: action.result, failure: null, error: null };
    case 'failed':
      switch (action.failure) {
        // Someone filled the slot first: keep the member, let them choose another place.
        case 'slotTaken':
          return {
            ...state,
            step: 2,
            slot: null,
            preset: sameSlot(state.preset, state.slot) ? null : state.preset,
            mode: state.mode === 'tree' && sameSlot(state.preset, state.slot) ? 'list' : state.mode,
            // the tree's slot is gone: open again on the first mode that has positions
            modeChosen: state.modeChosen && !(state.mode === 'tree' && sameSlot(state.preset, state.slot)),
            confirmed: false,
            failure: 'slotTaken',
            error: null,
          };
        // The member was placed by someone else or may no longer be placed: choose another member.
        case 'memberGone':
          return { ...state, step: 0, member: null, confirmed: false, failure: 'memberGone', error: null };
        default:
          return { ...state, confirmed: false, failure: action.failure, error: action.error ?? null };
      }
    case 'addAnother':
      return initialWizard(null);
  }
}

/** What went wrong with a placement, in the wizard's terms (see POST /member_downline). */
export function placementFailure(error: unknown): PlacementFailure {
  if (!(error instanceof ApiError)) return 'other';
  if (error.httpStatus === 409) {
    // The same 409 covers a member placed meanwhile: then choosing another slot would not help.
    return /member was placed/i.test(error.message) ? 'memberGone' : 'slotTaken';
  }
  if (error.httpStatus === 422) {
    const fields = Object.keys(error.fieldErrors);
    return fields.length === 0 || fields.includes('member_id') ? 'memberGone' : 'other';
  }
  if (error.httpStatus === 403) return error.errorCode === 'ACCOUNT_SUSPENDED' ? 'suspended' : 'forbidden';
  return 'other';
}
