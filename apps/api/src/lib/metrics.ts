import client from 'prom-client';
import type pg from 'pg';

/**
 * What an operator watches (issue 21, item 6; decision 039), in Prometheus's text format at
 * GET /metrics (plugins/metrics.ts): besides the request latency per route that fastify-metrics
 * measures into this registry, the database pool, the job runs and the message outbox. Each app has
 * a registry of its own (a test process builds many apps); the Node process's own figures (CPU,
 * memory, event loop, GC) are collected once per process and added at each scrape.
 */
export type JobOutcome = 'done' | 'failed';

/** What the scheduler (jobs/scheduler.ts) reports of each run. */
export interface JobMetrics {
  jobRun(job: string, outcome: JobOutcome, seconds: number): void;
}

let processRegistry: client.Registry | undefined;

/** prom-client's default metrics (process_*, nodejs_*), registered once in this process. */
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Outbox states worth a gauge: what waits, what is being sent, what gave up (sent rows only grow). */
const OUTBOX_STATES = ['queued', 'sending', 'failed'] as const;
const CHANNELS = ['sms', 'email'] as const;

export class PortalMetrics implements JobMetrics {
  /** This app's metrics: fastify-metrics writes the route histogram here too. */
  readonly registry = new client.Registry();
  private readonly runs: client.Counter<'job' | 'outcome'>;
  private readonly durations: client.Histogram<'job' | 'outcome'>;
  private readonly lastSuccess: client.Gauge<'job'>;

  constructor(pool: pg.Pool, onSourceError: (err: unknown, source: string) => void = () => {}) {
    const registers = [this.registry];
    // The pool (db/client.ts): open connections, idle ones, and queries waiting for one. Waiting
    // queries for long mean the pool (10 connections per process, db/runtime.ts) or the database is
    // the bottleneck.
    new client.Gauge({
      name: 'portal_db_pool_connections',
      help: 'Open connections of the PostgreSQL pool',
      registers,
      collect() {
        this.set(pool.totalCount);
      },
    });
    new client.Gauge({
      name: 'portal_db_pool_idle_connections',
      help: 'Open connections of the PostgreSQL pool not in use',
      registers,
      collect() {
        this.set(pool.idleCount);
      },
    });
    new client.Gauge({
      name: 'portal_db_pool_waiting_requests',
      help: 'Queries waiting for a connection of the PostgreSQL pool',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
    new client.Gauge({
      name: 'portal_db_pool_max_connections',
      help: 'The most connections the PostgreSQL pool opens',
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });

    this.runs = new client.Counter({
      name: 'portal_job_runs_total',
      help: 'Job runs of this process, by job and outcome (done or failed)',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.durations = new client.Histogram({
      name: 'portal_job_duration_seconds',
      help: 'How long job runs of this process took, by job and outcome',
      labelNames: ['job', 'outcome'],
      buckets: [0.05, 0.25, 1, 5, 15, 60, 300, 900, 3600],
      registers,
    });
    this.lastSuccess = new client.Gauge({
      name: 'portal_job_last_success_timestamp_seconds',
      help: 'When a run of the job last ended well in this process (Unix time; take the max over processes)',
      labelNames: ['job'],
      registers,
    });

    // The outbox (message_outbox): what waits to be delivered and for how long. Read once per
    // scrape (both gauges collect at the same time and share the read): one grouped count on the
    // state index.
    type OutboxRow = { channel: string; state: string; n: number; age: number };
    let reading: Promise<OutboxRow[] | null> | null = null;
    const readOutbox = () =>
      (reading ??= pool
        .query<OutboxRow>(
          `select channel, state, count(*)::int as n,
                  coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
           from message_outbox where state = any($1) group by channel, state`,
          [OUTBOX_STATES],
        )
        .then((r) => r.rows)
        .catch((err: unknown) => {
          onSourceError(err, 'message_outbox'); // no outbox figures rather than no metrics at all
          return null;
        })
        .finally(() => (reading = null)));
    const outboxGauge = (name: string, help: string, value: (row: OutboxRow | undefined) => number) =>
      new client.Gauge({
        name,
        help,
        labelNames: ['channel', 'state'],
        registers,
        async collect() {
          this.reset();
          const rows = await readOutbox();
          if (!rows) return;
          for (const channel of CHANNELS)
            for (const state of OUTBOX_STATES)
              this.set(
                { channel, state },
                value(rows.find((r) => r.channel === channel && r.state === state)),
              );
        },
      });
    outboxGauge(
      'portal_message_outbox_messages',
      'Messages in the outbox by channel and state (queued and sending: the backlog; failed: gave up)',
      (row) => row?.n ?? 0,
    );
    outboxGauge(
      'portal_message_outbox_oldest_seconds',
      'Age of the oldest message of the channel in the state, 0 when there is none',
      (row) => row?.age ?? 0,
    );
  }

  jobRun(job: string, outcome: JobOutcome, seconds: number) {
    this.runs.inc({ job, outcome });
    this.durations.observe({ job, outcome }, seconds);
    if (outcome === 'done') this.lastSuccess.set({ job }, Date.now() / 1000);
  }

  /** The text Prometheus scrapes: this app's metrics and the process's. */
  async text(): Promise<{ contentType: string; body: string }> {
    const merged = client.Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}
