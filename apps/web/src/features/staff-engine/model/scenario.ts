/**
 * The simulator's scenario as staff paste or upload it (plan section 13): JSON text that must be an
 * object. The server checks everything else and answers the one line of the rule a scenario breaks.
 */
export type ParsedScenario =
  | { ok: true; scenario: Record<string, unknown> }
  | { ok: false; error: 'empty' | 'json' | 'object'; detail?: string };

export function parseScenario(text: string): ParsedScenario {
  if (!text.trim()) return { ok: false, error: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: 'json', detail: (err as Error).message };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, error: 'object' };
  return { ok: true, scenario: value as Record<string, unknown> };
}

/** Worked example E1 of the plan (section 8): a basic cycle, then a carry; a starting point to edit. */
export const EXAMPLE_SCENARIO = {
  members: [
    { code: 'A' },
    { code: 'B', upline: 'A', side: 'left', referrer: 'A' },
    { code: 'C', upline: 'A', side: 'right', referrer: 'A' },
  ],
  events: [
    { date: '2025-03-01', type: 'order', id: 'PA', member: 'A', order_type: 'PACKAGE', package: 'SILVER' },
    { date: '2025-03-02', type: 'order', id: 'PB', member: 'B', order_type: 'PACKAGE', package: 'STARTER' },
    { date: '2025-03-02', type: 'order', id: 'PC', member: 'C', order_type: 'PACKAGE', package: 'STARTER' },
    { date: '2025-03-03', type: 'order', id: 'R1', member: 'B', order_type: 'REPURCHASE', pv: 800 },
    { date: '2025-03-03', type: 'order', id: 'R2', member: 'C', order_type: 'REPURCHASE', pv: 300 },
    { date: '2025-03-04', type: 'order', id: 'R3', member: 'C', order_type: 'REPURCHASE', pv: 400 },
  ],
  until: '2025-03-04',
};
