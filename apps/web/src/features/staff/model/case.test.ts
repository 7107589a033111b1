import { describe, expect, it } from 'vitest';
import type { KycOverview } from '@portal/contracts/kyc';
import type { MemberDocument } from '@portal/contracts/profile';
import { documentsFor, partDecidable } from './case';

const doc = (id: number, type: MemberDocument['type']) => ({ id, type }) as MemberDocument;
const kyc = (status: KycOverview['status'], identity: string, bank: string) =>
  ({
    status,
    identity: { status: identity, verified: identity === 'success', reason: null },
    bank: { status: bank, verified: bank === 'success', reason: null },
  }) as KycOverview;

describe('staff case', () => {
  it('puts the bank book with the bank and the rest with the identity', () => {
    const data = {
      documents: [doc(1, 'government_id'), doc(2, 'books_bank'), doc(3, 'other'), doc(4, 'passport')],
    };
    expect(documentsFor(data, 'identity').map((d) => d.id)).toEqual([1, 3, 4]);
    expect(documentsFor(data, 'bank').map((d) => d.id)).toEqual([2]);
  });

  it('offers a decision only for a part in a running review', () => {
    expect(
      partDecidable({ kyc: kyc('in_progress_review', 'in_progress_review', 'success') }, 'identity'),
    ).toBe(true);
    expect(partDecidable({ kyc: kyc('in_progress_review', 'in_progress_review', 'success') }, 'bank')).toBe(
      false,
    );
    expect(
      partDecidable({ kyc: kyc('waiting_for_review', 'waiting_for_review', 'waiting_for_review') }, 'bank'),
    ).toBe(false);
    expect(partDecidable({ kyc: kyc('fail', 'success', 'fail') }, 'bank')).toBe(false);
  });
});
