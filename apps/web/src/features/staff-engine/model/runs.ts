import type { EngineRun } from '@portal/contracts/engine';

/** `staff:<id>` names a person (shown by name); the rest are the engine's own starters. */
export type Starter =
  { kind: 'staff'; name: string } | { kind: 'scheduler' | 'demo-clock' | 'simulator' | 'other'; raw: string };

export function starterOf(run: Pick<EngineRun, 'started_by' | 'staff'>): Starter {
  if (run.staff) return { kind: 'staff', name: run.staff.name };
  const raw = run.started_by;
  if (raw === 'scheduler' || raw === 'demo-clock' || raw === 'simulator') return { kind: raw, raw };
  return { kind: 'other', raw };
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
