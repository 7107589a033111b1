import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import type { Config } from '../config';
import type { PortalMetrics } from '../lib/metrics';
import { sendError } from './envelope';

/**
 * GET /metrics (issue 21, item 6; decision 039): Prometheus's text format. The latency of each
 * route, by its pattern (`/member/v1/me/documents/:id/file`, never the address asked for, so one
 * series per route) from fastify-metrics, with the pool, jobs and outbox of lib/metrics.ts.
 *
 * It tells a stranger too much (which calls are made, how often, how busy the database is), so it
 * answers only a scraper on this machine that did not come through a proxy, or a request with
 * `Authorization: Bearer <METRICS_TOKEN>`; anyone else gets the same 404 as an unknown address.
 */
export async function registerMetrics(app: FastifyInstance, metrics: PortalMetrics, config: Config) {
  await app.register(fastifyMetrics, {
    endpoint: null, // ours below, behind the guard
    defaultMetrics: { enabled: false }, // the process's figures come from lib/metrics.ts, once per process
    routeMetrics: {
      // A histogram (several processes add up); no summary (its quantiles cannot be added).
      enabled: { histogram: true, summary: false },
      // The API's calls and the probes; not each file of the built portal or of /docs.
      routeBlacklist: [NOT_API],
      overrides: {
        histogram: {
          name: 'http_request_duration_seconds',
          help: 'Time to answer a request, by method, route pattern and status code',
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
          registers: [metrics.registry],
        },
        summary: { registers: [] },
      },
    },
  });

  const token = config.metricsToken ? Buffer.from(`Bearer ${config.metricsToken}`) : null;
  const hasToken = (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    return token !== null && given.length === token.length && timingSafeEqual(given, token);
  };
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!fromThisMachine(request) && !hasToken(request))
      return sendError(reply, 404, 'NOT_FOUND', 'Not found');
    const { contentType, body } = await metrics.text();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

/** Route patterns that are not API calls or probes (the portal's files, /docs, /metrics itself). */
const NOT_API = /^(?!\/(member|network|shop|staff|dev)(\/|$)|\/(health|ready)$)/;

const isLoopbackAddress = (ip: string) =>
  ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

/** Headers a proxy adds: a request that carries one came through a proxy, whoever sent it. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

/**
 * A scraper on this machine: the connection itself comes from loopback (never an address a header
 * names) and nothing says a proxy passed it on (a proxy on the same host connects from loopback for
 * every visitor of the world). The same rule as the demo's /dev pages (modules/dev/routes.ts).
 */
const fromThisMachine = (request: FastifyRequest) =>
  isLoopbackAddress(request.raw.socket.remoteAddress ?? '') &&
  !FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined);
