import type { RunStarter } from '@portal/contracts/run-starters';

/**
 * Who started an engine run, as a word the portal translates: `started_by` is what the engine stores
 * (`staff:<user id>`, `scheduler`, `demo-clock`, `simulator`, or `demo-history` for the demo seed's
 * past closings); anything else is `unknown` and shown as stored.
 */
export function runStarter(startedBy: string): RunStarter {
  if (/^staff:\d+$/.test(startedBy)) return 'staff';
  switch (startedBy) {
    case 'scheduler':
      return 'scheduler';
    case 'demo-clock':
      return 'demo_clock';
    case 'simulator':
      return 'simulator';
    case 'demo-history':
      return 'demo_seed';
    default:
      return 'unknown';
  }
}
