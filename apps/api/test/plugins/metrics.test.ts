import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScheduler } from '../../src/jobs/scheduler';
import type { JobDefinition } from '../../src/jobs/registry';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectError } from '../helpers/expect';

/**
 * Issue 21, item 6: GET /metrics in Prometheus's text format, for an operator's scraper on this
 * machine or one holding METRICS_TOKEN: each route's latency by its pattern, the database pool, the
 * job runs and the message outbox's backlog.
 */
const TOKEN = 'metrics-token-9f8e7d6c5b4a39281706f5e4d3c2b1a0';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = async (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...options });

/** The value of one series (`name{labels}` exactly as Prometheus prints it), or undefined. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('when routes are called then their latency is counted under the route pattern, never the address asked for', async () => {
    for (const id of ['101', '202', '303'])
      await t.app.inject({
        method: 'GET',
        url: `/staff/v1/kyc/${id}`,
        headers: { 'x-app-key': 'portal-web' },
      });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(
      valueOf(
        text,
        'http_request_duration_seconds_count{method="GET",route="/staff/v1/kyc/:memberId",status_code="401"}',
      ),
    ).toBe(3);
    expect(text).not.toContain('/staff/v1/kyc/101');
    // the process's own figures, and no per-request summary (its quantiles cannot be added up)
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).not.toContain('http_request_summary_seconds');
  });

  it('when scraped then the database pool is described', async () => {
    const text = (await scrape()).body;
    expect(valueOf(text, 'portal_db_pool_max_connections')).toBe(5); // the test app's pool
    const open = valueOf(text, 'portal_db_pool_connections')!;
    expect(open).toBeGreaterThan(0);
    expect(valueOf(text, 'portal_db_pool_idle_connections')).toBeLessThanOrEqual(open);
    expect(valueOf(text, 'portal_db_pool_waiting_requests')).toBe(0);
  });

  it('when messages wait in the outbox then the backlog and the age of the oldest are shown by channel and state', async () => {
    const insert = (channel: string, state: string, ageSeconds: number) =>
      t.database.pool.query(
        `insert into message_outbox (channel, purpose, recipient, language, body, state, max_attempts, created_at)
         values ($1, 'otp', 'someone', 'th', 'text', $2, 8, now() - make_interval(secs => $3))`,
        [channel, state, ageSeconds],
      );
    await insert('sms', 'queued', 120);
    await insert('sms', 'queued', 5);
    await insert('email', 'sending', 30);
    await insert('email', 'failed', 600);
    await insert('email', 'sent', 900);
    const text = (await scrape()).body;
    expect(valueOf(text, 'portal_message_outbox_messages{channel="sms",state="queued"}')).toBe(2);
    expect(valueOf(text, 'portal_message_outbox_messages{channel="email",state="sending"}')).toBe(1);
    expect(valueOf(text, 'portal_message_outbox_messages{channel="email",state="failed"}')).toBe(1);
    expect(valueOf(text, 'portal_message_outbox_messages{channel="email",state="queued"}')).toBe(0);
    expect(text).not.toContain('state="sent"');
    expect(
      valueOf(text, 'portal_message_outbox_oldest_seconds{channel="sms",state="queued"}'),
    ).toBeGreaterThanOrEqual(120);
    expect(valueOf(text, 'portal_message_outbox_oldest_seconds{channel="sms",state="queued"}')).toBeLessThan(
      3600,
    );
  });

  it('when jobs run then their runs, durations and failures are counted by job', async () => {
    const jobs: JobDefinition[] = [
      { name: 'metrics-works', handler: async () => ({ done: 1 }) },
      {
        name: 'metrics-breaks',
        retryLimit: 0,
        handler: async () => {
          throw new Error('the job broke');
        },
      },
    ];
    const scheduler = await startScheduler({
      pool: t.database.pool,
      ctx: t.app.ctx,
      log: t.app.log,
      jobs,
      metrics: t.app.portalMetrics,
      pollingIntervalSeconds: 0.2,
    });
    try {
      await scheduler.send('metrics-works');
      await scheduler.send('metrics-breaks');
      const series = {
        done: 'portal_job_runs_total{job="metrics-works",outcome="done"}',
        failed: 'portal_job_runs_total{job="metrics-breaks",outcome="failed"}',
      };
      // the runs end when they end: scrape until both are counted
      let text = '';
      const deadline = Date.now() + 20_000;
      while (!(valueOf(text, series.done) === 1 && valueOf(text, series.failed) === 1)) {
        if (Date.now() > deadline) throw new Error(`runs not counted:\n${text}`);
        await new Promise((r) => setTimeout(r, 100));
        text = (await scrape()).body;
      }
      expect(valueOf(text, 'portal_job_duration_seconds_count{job="metrics-works",outcome="done"}')).toBe(1);
      expect(valueOf(text, 'portal_job_duration_seconds_count{job="metrics-breaks",outcome="failed"}')).toBe(
        1,
      );
      expect(valueOf(text, 'portal_job_runs_total{job="metrics-breaks",outcome="done"}')).toBeUndefined();
      const last = valueOf(text, 'portal_job_last_success_timestamp_seconds{job="metrics-works"}')!;
      expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(60);
      expect(text).not.toContain('portal_job_last_success_timestamp_seconds{job="metrics-breaks"}');
    } finally {
      await scheduler.stop(2_000);
    }
  });

  it('when asked from another machine, or through a proxy on this one, then it is the 404 of an unknown address unless the metrics token is given', async () => {
    const remote = await scrape({ remoteAddress: '203.0.113.9' });
    expectError(remote, 404, 'NOT_FOUND');
    expect(remote.body).not.toContain('http_request');
    expectError(await scrape({ headers: { 'x-forwarded-for': '203.0.113.9' } }), 404, 'NOT_FOUND');
    expectError(
      await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}x` } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: TOKEN } }),
      404,
      'NOT_FOUND',
    );
    const withToken = await scrape({
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('portal_db_pool_connections');
  });
});
