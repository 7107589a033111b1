import { describe, expect, it } from 'vitest';
import { SimulationQueue } from '../../../src/modules/money/plan/simulation-queue';

/**
 * Issue 19, finding 8: simulations take their turn one at a time; the others wait with a position
 * their staff member sees, a full queue refuses more, and a waiting run whose client left leaves it.
 */
const gate = () => {
  let open!: () => void;
  const shut = new Promise<void>((r) => (open = r));
  return { shut, open };
};
const live = () => new AbortController().signal;

describe('the simulation queue', () => {
  it('when runs come while one runs then they wait in order with visible positions, and a full queue refuses', async () => {
    const q = new SimulationQueue(2);
    const first = gate();
    const order: string[] = [];
    const a = q.run('user:1', live(), async () => {
      order.push('a');
      await first.shut;
      return 'a';
    });
    const b = q.run('user:2', live(), async () => (order.push('b'), 'b'));
    const c = q.run('user:1', live(), async () => (order.push('c'), 'c'));
    expect(q.positionsOf('user:1')).toMatchObject({ running: { mine: true }, waiting: 2, mine: [2] });
    expect(q.positionsOf('user:2')).toMatchObject({ running: { mine: false }, waiting: 2, mine: [1] });
    expect(await q.run('user:3', live(), async () => 'd')).toBeNull();
    first.open();
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(q.positionsOf('user:1')).toEqual({ running: null, waiting: 0, mine: [] });
  });

  it('when a waiting run is abandoned then it leaves the queue and never runs', async () => {
    const q = new SimulationQueue(5);
    const first = gate();
    const a = q.run('user:1', live(), () => first.shut);
    const leaving = new AbortController();
    let ran = false;
    const b = q.run('user:2', leaving.signal, async () => {
      ran = true;
    });
    expect(q.length).toBe(1);
    leaving.abort(new Error('the client went away'));
    await expect(b).rejects.toThrow('the client went away');
    expect(q.length).toBe(0);
    first.open();
    await a;
    expect(ran).toBe(false);
  });
});
