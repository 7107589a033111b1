import { describe, expect, it } from 'vitest';
import { parseScenario } from './scenario';
import { defaultScenarioForm, formProblem, scenarioFromForm, type ScenarioForm } from './scenario-form';

describe('the simulator form', () => {
  it('writes the scenario of section 13: members, packages on the first day, repurchases by day', () => {
    const form = defaultScenarioForm('2025-03-01');
    expect(formProblem(form)).toBeNull();
    expect(scenarioFromForm(form)).toEqual({
      members: [
        { code: 'A' },
        { code: 'B', upline: 'A', side: 'left', referrer: 'A' },
        { code: 'C', upline: 'A', side: 'right', referrer: 'A' },
      ],
      events: [
        {
          date: '2025-03-01',
          type: 'order',
          id: 'P-A',
          member: 'A',
          order_type: 'PACKAGE',
          package: 'SILVER',
        },
        {
          date: '2025-03-01',
          type: 'order',
          id: 'P-B',
          member: 'B',
          order_type: 'PACKAGE',
          package: 'STARTER',
        },
        {
          date: '2025-03-01',
          type: 'order',
          id: 'P-C',
          member: 'C',
          order_type: 'PACKAGE',
          package: 'STARTER',
        },
        { date: '2025-03-02', type: 'order', id: 'R1', member: 'B', order_type: 'REPURCHASE', pv: 800 },
      ],
      until: '2025-03-07',
    });
  });

  it('leaves out the package of a member without one and names the upline as referrer when none is given', () => {
    const form: ScenarioForm = {
      from: '2025-03-30',
      until: '2025-04-02',
      members: [
        { code: 'A', upline: '', side: 'left', referrer: '', package: 'GOLD' },
        { code: 'B', upline: 'A', side: 'right', referrer: '', package: '' },
      ],
      repurchases: [{ member: 'B', day: 4, pv: 300 }],
    };
    const s = scenarioFromForm(form) as { members: unknown[]; events: { date: string; id: string }[] };
    expect(s.members[1]).toEqual({ code: 'B', upline: 'A', side: 'right', referrer: 'A' });
    expect(s.events.map((e) => [e.id, e.date])).toEqual([
      ['P-A', '2025-03-30'],
      ['R1', '2025-04-02'],
    ]);
    // What the JSON box then holds parses as the scenario sent.
    expect(parseScenario(JSON.stringify(s))).toEqual({ ok: true, scenario: s });
  });

  it('names the first problem: range, codes, placement, repurchases', () => {
    const base = () => defaultScenarioForm('2025-03-01');
    expect(formProblem({ ...base(), until: '2025-02-28' })).toEqual({ kind: 'range' });
    const code = base();
    code.members[1]!.code = 'B B';
    expect(formProblem(code)).toEqual({ kind: 'code', row: 1 });
    const dup = base();
    dup.members[2]!.code = 'B';
    expect(formProblem(dup)).toEqual({ kind: 'duplicate', row: 2 });
    const upline = base();
    upline.members[1]!.upline = 'C';
    expect(formProblem(upline)).toEqual({ kind: 'upline', row: 1 });
    const side = base();
    side.members[2]!.side = 'left';
    expect(formProblem(side)).toEqual({ kind: 'sideTaken', row: 2 });
    const who = base();
    who.repurchases[0]!.member = 'Z';
    expect(formProblem(who)).toEqual({ kind: 'repurchaseMember', row: 0 });
    const day = base();
    day.repurchases[0]!.day = 8;
    expect(formProblem(day)).toEqual({ kind: 'repurchaseDay', row: 0 });
    const pv = base();
    pv.repurchases[0]!.pv = 0;
    expect(formProblem(pv)).toEqual({ kind: 'repurchasePv', row: 0 });
  });
});
