import type { EngineRun } from '@portal/contracts/engine';

/**
 * Who started a run, from the API's `started_by_kind`: a staff member (by name), or the engine's own
 * starter (the scheduler, the demo clock, the simulator, the demo seed) as a word to translate; an
 * unknown starter is shown as stored.
 */
export type Starter =
  | { kind: 'staff'; name: string }
  | { kind: 'scheduler' | 'demo_clock' | 'simulator' | 'demo_seed'; raw: string }
  | { kind: 'other'; raw: string };

export function starterOf(run: Pick<EngineRun, 'started_by' | 'started_by_kind' | 'staff'>): Starter {
  if (run.staff) return { kind: 'staff', name: run.staff.name };
  const raw = run.started_by;
  const kind = run.started_by_kind;
  if (kind === 'staff' || kind === 'unknown') return { kind: 'other', raw };
  return { kind, raw };
}

/** 850 ms → "0.9 s", 75 s → "1 min 15 s": how long a run took, in the units a person reads. */
export function durationParts(ms: number | null): { minutes: number; seconds: string } | null {
  if (ms === null) return null;
  if (ms < 60_000) return { minutes: 0, seconds: (Math.round(ms / 100) / 10).toFixed(1) };
  const total = Math.round(ms / 1000);
  return { minutes: Math.floor(total / 60), seconds: String(total % 60) };
}

/** The counts and totals a run type shows in the list, in this order (the detail shows all of them). */
export const HEADLINE: Record<EngineRun['type'], { counts: string[]; totals: string[] }> = {
  DAILY: { counts: ['rows', 'cycles', 'paid_members'], totals: ['paid'] },
  MTA: { counts: ['lines'], totals: [] },
  HOLD_DEADLINE: { counts: ['lots'], totals: [] },
  PAYOUT: { counts: ['paid', 'held_back'], totals: ['net'] },
};

/** Seconds since an instant (a closing running since then), never negative. */
export const secondsSince = (iso: string, now: number) =>
  Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
