import { randomUUID } from 'node:crypto';

/**
 * The plan simulator's queue in this process: one run at a time (each creates, migrates and drops a
 * database of its own), the others wait in order, each with a position its staff member can see. A
 * waiting run whose client went away leaves the queue; a full queue refuses more.
 */
export interface QueuedRun {
  id: string;
  /** Who asked: `user:<id>` or `client:<id>` (a confidential client may simulate too). */
  owner: string;
  enqueuedAt: Date;
}

export class SimulationQueue {
  private running: (QueuedRun & { startedAt: Date }) | null = null;
  private readonly waiting: (QueuedRun & { start: () => void; cancel: (reason: unknown) => void })[] = [];

  constructor(private readonly capacity: number) {}

  /** How many runs wait (not the one running). */
  get length() {
    return this.waiting.length;
  }

  /**
   * Runs `work` when its turn comes. Refused at once (`null`) when `capacity` runs wait already;
   * leaves the queue when `signal` aborts while waiting.
   */
  async run<T>(owner: string, signal: AbortSignal, work: () => Promise<T>): Promise<T | null> {
    if (this.waiting.length >= this.capacity) return null;
    const entry = { id: randomUUID(), owner, enqueuedAt: new Date() };
    await new Promise<void>((resolve, cancel) => {
      // Whoever starts a run marks it running at once, so two callers never both start.
      const start = () => {
        this.running = { ...entry, startedAt: new Date() };
        resolve();
      };
      const queued = { ...entry, start, cancel };
      if (!this.running && this.waiting.length === 0) {
        start();
        return;
      }
      this.waiting.push(queued);
      signal.addEventListener(
        'abort',
        () => {
          const i = this.waiting.indexOf(queued);
          if (i >= 0) {
            this.waiting.splice(i, 1);
            cancel(signal.reason);
          }
        },
        { once: true },
      );
    });
    try {
      signal.throwIfAborted();
      return await work();
    } finally {
      this.running = null;
      this.waiting.shift()?.start();
    }
  }

  /** What a staff member sees: whether a run is going, how many wait, and where theirs are (1 = next). */
  positionsOf(owner: string) {
    return {
      running: this.running
        ? { mine: this.running.owner === owner, started_at: this.running.startedAt.toISOString() }
        : null,
      waiting: this.waiting.length,
      mine: this.waiting.flatMap((w, i) => (w.owner === owner ? [i + 1] : [])),
    };
  }
}
