import { describe, expect, it } from 'vitest';
import { runStarter } from '../../src/compensation/starters';

/** Who started a run, as the word the portal translates (never the stored code shown to a reader). */
describe('run starters', () => {
  it('when a run was started by staff, the scheduler, the demo clock, the simulator or the demo seed then it is named so', () => {
    expect(
      ['staff:12', 'scheduler', 'demo-clock', 'simulator', 'demo-history', 'staff:', 'cron'].map(runStarter),
    ).toEqual(['staff', 'scheduler', 'demo_clock', 'simulator', 'demo_seed', 'unknown', 'unknown']);
  });
});
