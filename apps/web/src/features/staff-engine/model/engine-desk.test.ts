import { DEFAULT_PLAN } from '@portal/plan/params';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http/errors';
import { errorsFromServer, formFromParams, splitRates, toPlanBody } from './plan-form';
import { parseRunParams, runSearch } from './run-params';
import { refusalText, ruleOf } from './rules';
import { durationParts, secondsSince, starterOf } from './runs';
import { EXAMPLE_SCENARIO, parseScenario } from './scenario';

describe('the rules the engine refuses with', () => {
  it.each([
    ['2025-03-05 has not ended yet: a day is closed after its midnight', 'notEnded', '2025-03-05'],
    ['Close 2025-03-01 first: days are closed in order', 'closeFirst', '2025-03-01'],
    ['Nothing happened before 2025-03-01: close 2025-03-01', 'nothingBefore', '2025-03-01'],
    ['2025-03-01 is closed already', 'closedAlready', '2025-03-01'],
    ['A closing is running: wait for it to finish', 'running', ''],
    [
      'A new version applies from 2026-01-02 at the earliest: closed days and today keep their plan',
      'planFrom',
      '2026-01-02',
    ],
    ['This would leave a negative balance (-1.50)', 'negative', '-1.50'],
  ])('reads "%s"', (message, key, value) => {
    expect(ruleOf(message)).toEqual({ key, value });
  });

  it('translates a known rule, shows another rule of the plan as written, and anything else as usual', () => {
    const translate = (r: { key: string; value: string }) => `${r.key}:${r.value}`;
    const fallback = () => 'generic';
    const rule = (message: string) => new ApiError(409, 409, message, 'PLAN_RULE', {});
    expect(refusalText(rule('2025-03-01 is closed already'), translate, fallback)).toBe(
      'closedAlready:2025-03-01',
    );
    expect(refusalText(rule('DAILY 2025-03-02: close 2025-03-01 first'), translate, fallback)).toBe(
      'DAILY 2025-03-02: close 2025-03-01 first',
    );
    expect(refusalText(new ApiError(404, 404, 'Not found data', 'NOT_FOUND', {}), translate, fallback)).toBe(
      'generic',
    );
    expect(refusalText(new Error('boom'), translate, fallback)).toBe('generic');
  });
});

describe('the runs list in the address bar', () => {
  it('keeps known filters and drops the rest', () => {
    const f = parseRunParams(new URLSearchParams('type=PAYOUT&from=2025-03-01&to=2025-02-30&page=3'));
    expect(f).toEqual({ type: 'PAYOUT', from: '2025-03-01', to: '', page: 3 });
    expect(parseRunParams(new URLSearchParams('type=NOPE&page=-2'))).toEqual({
      type: '',
      from: '',
      to: '',
      page: 1,
    });
    expect(runSearch(f)).toEqual({ type: 'PAYOUT', from: '2025-03-01', page: '3' });
    expect(runSearch({ type: '', from: '', to: '', page: 1 })).toEqual({});
  });
});

describe('a run as people read it', () => {
  it('names who started it', () => {
    expect(
      starterOf({ started_by: 'staff:7', started_by_kind: 'staff', staff: { user_id: 7, name: 'Somchai' } }),
    ).toEqual({ kind: 'staff', name: 'Somchai' });
    expect(starterOf({ started_by: 'scheduler', started_by_kind: 'scheduler', staff: null })).toEqual({
      kind: 'scheduler',
      raw: 'scheduler',
    });
    expect(starterOf({ started_by: 'demo-history', started_by_kind: 'demo_seed', staff: null })).toEqual({
      kind: 'demo_seed',
      raw: 'demo-history',
    });
    expect(starterOf({ started_by: 'test', started_by_kind: 'unknown', staff: null })).toEqual({
      kind: 'other',
      raw: 'test',
    });
  });

  it('says how long it took in seconds or minutes', () => {
    expect(durationParts(null)).toBeNull();
    expect(durationParts(850)).toEqual({ minutes: 0, seconds: '0.9' });
    expect(durationParts(75_400)).toEqual({ minutes: 1, seconds: '15' });
    expect(secondsSince('2025-01-01T00:00:00.000Z', Date.parse('2025-01-01T00:00:42.500Z'))).toBe(42);
    expect(secondsSince('2025-01-01T00:00:10.000Z', Date.parse('2025-01-01T00:00:00.000Z'))).toBe(0);
  });
});

describe('the new plan version form', () => {
  it('sends the whole parameter set with the MTA rates as typed', () => {
    const values = formFromParams(DEFAULT_PLAN, '2026-02-01');
    values.mtaRates = '0.10, 0.06 ,0.04';
    values.note = '  campaign ';
    const checked = toPlanBody(values);
    expect(checked.ok).toBe(true);
    if (checked.ok) {
      expect(checked.body.params.MTA_RATE).toEqual(['0.10', '0.06', '0.04']);
      expect(checked.body.note).toBe('campaign');
      expect(checked.body.effective_from).toBe('2026-02-01');
    }
    expect(splitRates('')).toEqual([]);
  });

  it('marks every field that breaks the plan schema', () => {
    const values = formFromParams(DEFAULT_PLAN, '2026-02-31');
    values.params.REFERRER_PCT = '20%';
    values.params.PACKAGES.SILVER!.price = '5,000';
    values.mtaRates = '0.1, x';
    const checked = toPlanBody(values);
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(Object.keys(checked.errors).sort()).toEqual([
        'effective_from',
        'params.MTA_RATE',
        'params.PACKAGES.SILVER.price',
        'params.REFERRER_PCT',
      ]);
    expect(errorsFromServer({ 'params.MTA_RATE.1': ['x'], effective_from: ['y'] })).toEqual({
      'params.MTA_RATE': true,
      effective_from: true,
    });
  });
});

describe('a scenario pasted or uploaded', () => {
  it('must be a JSON object', () => {
    expect(parseScenario('  ')).toEqual({ ok: false, error: 'empty' });
    expect(parseScenario('{"members": [')).toMatchObject({ ok: false, error: 'json' });
    expect(parseScenario('[1, 2]')).toEqual({ ok: false, error: 'object' });
    expect(parseScenario(JSON.stringify(EXAMPLE_SCENARIO))).toEqual({ ok: true, scenario: EXAMPLE_SCENARIO });
  });
});
