import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { Redis } from 'ioredis';
import { createCounterStore, createLimits, createRevocationStore, type AppContext } from './context';
import type { Database } from './db/client';
import { createMessaging } from './lib/messaging';
import { TokenSigner } from './lib/tokens';
import { filesSurface } from './surfaces/files';
import { memberSurface } from './surfaces/member';
import { networkSurface } from './surfaces/network';
import { shopSurface } from './surfaces/shop';
import { staffSurface } from './surfaces/staff';
import { backupStatus } from './lib/backup';
import { createStorage, type Storage } from './lib/storage';
import { registerAppKey, registerAuth } from './plugins/auth';
import { envelope, registerErrorEnvelope, sendError } from './plugins/envelope';
import { registerInputHygiene } from './plugins/input';
import { registerRequestIdHeader, requestIdOptions } from './plugins/request-id';
import { registerMetrics } from './plugins/metrics';
import { PortalMetrics } from './lib/metrics';
import { AppError } from './lib/errors';
import { MSG } from '@portal/contracts/messages';
import {
  PORTAL_ROUTES_FILE,
  portalRouteMatcher,
  type PortalRoutesManifest,
} from '@portal/contracts/portal-routes';
import { loadRevocations, revocationTtlMs } from './modules/accounts';

export interface BuildOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  logger?: boolean | object;
  /** Defaults to the local disk under STORAGE_DIR. */
  storage?: Storage;
  /** Demo mode only: print each outbox message (with its code) to this process's terminal. */
  echoOutbox?: boolean;
}

/**
 * Where the APIs answer (an unknown path there is a JSON 404; so is every /dev path outside demo
 * mode). The staff API lives under
 * /staff/v1 so that the portal's staff pages (/staff/kyc) can share the /staff prefix.
 */
export const API_PREFIXES = ['/member', '/network', '/shop', '/staff/v1', '/dev'] as const;

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimit,
    trustProxy: trustProxyOption(config.trustProxy),
    // A UUID per request, or the one a trusted proxy gave it: in every log line and error answer.
    ...requestIdOptions(config.trustProxy),
    // A request (headers and body) must arrive whole in time: connections that trickle a byte now
    // and then are closed with 408 instead of being held open for ever (issue 19).
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(config.requestTimeoutMs, 20_000),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.requestTimeoutMs / 10))),
    },
    // One line per request only when debugging: a console (or log store) is for what went wrong.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorEnvelope(app);
  registerRequestIdHeader(app);
  // GET /metrics, and the latency of every route registered from here on (plugins/metrics.ts).
  const metrics = new PortalMetrics(database.pool, (err, source) =>
    app.log.warn({ err, source }, 'a metrics source did not answer'),
  );
  app.decorate('portalMetrics', metrics);
  await registerMetrics(app, metrics, config);

  // With REDIS_URL, rate-limit counters and token revocations are shared by every process.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 })
    : null;
  if (redis) {
    redis.on('error', (err: Error) => app.log.warn({ err }, 'Redis error'));
    await redis.connect();
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  }
  const counters = createCounterStore(redis, config.redisKeyPrefix);
  const ctx: AppContext = {
    config,
    db: database.db,
    databaseUrl: database.url,
    signer: new TokenSigner(opts.jwtSecret, config.accessTokenTtl, config.appTokenTtl),
    messaging: createMessaging(config),
    limits: createLimits(config, counters),
    revocations: createRevocationStore(redis, config.redisKeyPrefix),
    storage: opts.storage ?? createStorage(config),
  };
  app.decorate('ctx', ctx);
  // What was ended within an access token's lifetime before this process started stays ended.
  await loadRevocations(database.db, ctx.revocations, revocationTtlMs(ctx));
  if (config.demoMode && opts.echoOutbox) {
    // Only what a person needs to go on (a code or a link), not every notification copy.
    ctx.messaging.outbox.echo = (m) =>
      (m.code || m.link) &&
      console.log(
        `  outbox  ${m.channel} to ${m.to}  ${m.purpose}${m.code ? `  code ${m.code}` : ''}${m.link ? `  ${m.link}` : ''}`,
      );
  }

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: config.bodyLimit });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Member portal API', version: '0.1.1' },
      components: {
        securitySchemes: {
          appKey: { type: 'apiKey', in: 'header', name: 'X-App-Key' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ appKey: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  app.get('/health', { schema: { hide: true } }, async () => envelope({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.pool.query('select 1');
      // When the last backup succeeded, and whether that is too long ago (staff see more: /staff/v1/backups).
      const backup = backupStatus(config);
      return envelope({
        status: 'ready',
        backup: {
          nightly: backup.nightly,
          last_success_at: backup.lastSuccess?.at ?? null,
          warning: backup.warning !== null,
        },
      });
    } catch {
      return sendError(reply, 503, 'SERVICE_UNAVAILABLE', 'The database does not answer');
    }
  });
  app.get('/config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return {
      memberBaseUrl: '/member',
      networkBaseUrl: '/network',
      shopBaseUrl: '/shop',
      // The built-in shop unless SHOP_URL names another.
      shopUrl: config.shopUrl ?? '/ecommerce',
      paymentMethods: config.shop.paymentMethods,
      appKey: config.appKeys[0] ?? 'portal-web',
      clientId: config.clients[0]?.id ?? 'portal-web',
      clientSecret: config.clients[0]?.kind === 'public' ? config.clients[0].secret : 'public',
      demo: config.demoMode,
      appVersion: '0.1.1',
    };
  });

  const confidential = new Set(config.clients.filter((c) => c.kind === 'confidential').map((c) => c.id));
  const isStaffNow = async (id: number) => {
    const { rows } = await database.pool.query(
      `select 1 from users where id = $1 and is_active and deleted_at is null and type in ('staff','admin')`,
      [id],
    );
    return rows.length > 0;
  };
  /** Each service of the specification is a plugin with its own prefix, guarded the same way. */
  const service = (prefix: string, surface: (ctx: AppContext) => FastifyPluginAsyncZod) =>
    app.register(
      async (api) => {
        // A ceiling per IP for every API call; the sensitive calls have tighter limits of their own.
        await api.register(rateLimit, {
          max: config.rateLimit.global,
          timeWindow: 60_000,
          ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}global:${prefix}:` } : {}),
          errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', MSG.rateLimited),
        });
        registerAppKey(api, config.appKeys);
        registerInputHygiene(api);
        registerAuth(api, ctx.signer, ctx.revocations, confidential, isStaffNow);
        await api.register(surface(ctx));
      },
      { prefix },
    );
  await service('/member', memberSurface);
  await service('/network/api/v1', networkSurface);
  await service('/shop', shopSurface);
  await service('/staff', staffSurface);
  await app.register(filesSurface(ctx));

  // Demo mode only (decision 014): otherwise every /dev route is the JSON 404.
  if (config.demoMode) {
    const { devRoutes } = await import('./modules/dev');
    await app.register(devRoutes(ctx, isStaffNow), { prefix: '/dev' });
  }

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  const isPortalPage = hasWeb ? loadPortalRoutes(config.webDist, app.log) : () => false;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build wrote a .br and a .gz beside every text file: send the one the browser accepts.
      preCompressed: true,
      setHeaders: (res, file) => {
        // Vite fingerprints what it puts in assets/: those never change under the same name. The
        // rest (index.html, the favicon) is checked again on every use.
        const hashed = path.relative(config.webDist, file).split(path.sep)[0] === 'assets';
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // A portal page answers 200 with the portal, whose router shows it. Any other address without
      // a file extension answers 404, also with the portal, which shows its translated not-found page.
      if (isPortalPage(pathname)) return reply.sendFile('index.html');
      if (!path.extname(pathname))
        return reply.code(404).sendFile('index.html', { etag: false, lastModified: false });
    }
    return sendError(reply, 404, 'NOT_FOUND', 'Not found');
  });

  return app;
}

/**
 * The portal's page patterns from the build being served (written by apps/web/vite.config.ts). A
 * build without them (older than the file) keeps the old answer: the portal, with 200, everywhere.
 */
function loadPortalRoutes(webDist: string, log: FastifyBaseLogger): (pathname: string) => boolean {
  const file = path.join(webDist, PORTAL_ROUTES_FILE);
  try {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as PortalRoutesManifest;
    return portalRouteMatcher(manifest.routes);
  } catch (err) {
    log.warn(
      { err, file },
      'The portal build has no route list: every address answers 200; rebuild the portal',
    );
    return () => true;
  }
}

/**
 * Fastify fails closed on a bare hop count; a count of N means: exactly N proxies stand in front of
 * this server, so the address N hops back in X-Forwarded-For is the client's (and anything a client
 * wrote further back is ignored).
 */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** JSON lines for log stores and CI; readable lines (pino-pretty) when the server runs in a terminal. */
function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (!process.stdout.isTTY) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The job runs are counted here too (server.ts hands it to the scheduler). */
    portalMetrics: PortalMetrics;
  }
}
