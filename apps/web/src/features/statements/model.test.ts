import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http/errors';
import { amountProblem, businessTodayOf, refusalKey } from './model';

describe('the release form (plan 5.1: a whole number of PV, 1 to what is left)', () => {
  it.each([
    ['', 'required'],
    ['  ', 'required'],
    ['abc', 'required'],
    ['-5', 'required'],
    ['1.5', 'whole'],
    ['0', 'min'],
    ['441', 'max'],
    ['1', null],
    [' 440 ', null],
  ] as const)('"%s" with 440 left → %s', (text, problem) => {
    expect(amountProblem(text, 440)).toBe(problem);
  });

  it('nothing left: every amount is too much', () => {
    expect(amountProblem('1', 0)).toBe('max');
  });
});

describe("the server's refusal of a release", () => {
  const api = (status: number, code: ApiError['errorCode'], fields: Record<string, string[]> = {}) =>
    new ApiError(status, status, 'refused', code, fields);

  it('is named by what the server said, else left to the generic error text', () => {
    expect(refusalKey(api(422, 'VALIDATION_ERROR', { pv: ['At most 3 PV is left in this lot'] }))).toBe(
      'errors.max',
    );
    expect(refusalKey(api(409, 'PLAN_RULE', { lot: ['The order of this lot was canceled'] }))).toBe(
      'errors.canceled',
    );
    expect(refusalKey(api(403, 'ACCOUNT_SUSPENDED'))).toBe('suspended');
    expect(refusalKey(api(404, 'NOT_FOUND'))).toBe('notFound');
    expect(refusalKey(api(500, 'INTERNAL_ERROR'))).toBeNull();
    expect(refusalKey(new Error('offline'))).toBeNull();
  });
});

describe("today's business date of a lot", () => {
  it('is its deadline less its days left, across a month and a year', () => {
    expect(businessTodayOf({ deadline: '2026-12-20', days_left: 27 })).toBe('2026-11-23');
    expect(businessTodayOf({ deadline: '2027-01-05', days_left: 30 })).toBe('2026-12-06');
    expect(businessTodayOf({ deadline: '2026-10-16', days_left: -38 })).toBe('2026-11-23');
  });
});
