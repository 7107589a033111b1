import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { connect, type Database } from '../../src/db/client';
import type { OutboxMessage } from '../../src/lib/outbox';
import { deliverMessages } from '../../src/modules/accounts';
import { withDatabase } from './global-setup';

export const APP_KEY = 'portal-web';
/** The secret test apps sign tokens with (to forge expired or foreign tokens in tests). */
export const JWT_SECRET = 'test-secret-'.padEnd(48, 'x');

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dbUrl: string;
  /**
   * Messages the outbox provider wrote, newest first, once the message outbox has delivered what is
   * due (as the message-delivery job does; decision 043).
   */
  outbox(): Promise<OutboxMessage[]>;
  close(): Promise<void>;
}

/** A real app on its own database cloned from the migrated template. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const adminUrl = inject('adminUrl');
  const templateDb = inject('templateDb');
  const name = `${templateDb.replace('tpl', 't')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDb}`);
  await admin.end();
  const dbUrl = withDatabase(adminUrl, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    LOG_LEVEL: 'silent',
    // Test files register many members from one address; the registration limits have tests of their own.
    RATE_LIMIT_REGISTER: '100000',
    RATE_LIMIT_REGISTER_CODE: '100000',
    ...env,
  });
  const database = connect(dbUrl, 5);
  const app = await buildApp({ config, database, jwtSecret: JWT_SECRET, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    dbUrl,
    async outbox() {
      await deliverMessages(app.ctx);
      return app.ctx.messaging.outbox.read(500);
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  appKey?: string | null;
  cookies?: Record<string, string>;
}

/** A request as the portal sends it: app key header, optional bearer token, JSON body. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.appKey !== null) headers['x-app-key'] = opts.appKey ?? APP_KEY;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return app.inject({
    method,
    url,
    headers,
    cookies: opts.cookies,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
}

export async function appToken(app: FastifyInstance): Promise<string> {
  const res = await call(app, 'POST', '/member/oauth/token', {
    body: { grant_type: 'client_credentials', client_id: 'portal-web', client_secret: 'public' },
  });
  if (res.statusCode !== 200) throw new Error(`app token failed: ${res.body}`);
  return res.json().access_token as string;
}
