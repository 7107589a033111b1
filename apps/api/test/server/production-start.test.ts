import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded';
import { startServer, tempDataDir, waitReady } from './process';

/**
 * NODE_ENV=production is the operator's word that this is a real company's portal: the server
 * refuses to start on the demo's settings, each problem in one line naming the setting, and starts
 * nothing (no data directory, no database). `npm start` alone does not set NODE_ENV (the demo).
 */
const root = path.resolve(import.meta.dirname, '../../../..');

/** Settings a test leaves out are unset, whatever this test run's own environment holds. */
const CLEARED = [
  'DATABASE_URL',
  'DEMO_MODE',
  'DEMO_SEED',
  'JWT_SECRET',
  'APP_KEYS',
  'OAUTH_CLIENTS',
  'MAIL_TRANSPORT',
  'SMTP_URL',
  'SMS_PROVIDER',
  'PUBLIC_URL',
  'PROMPTPAY_ID',
  'PROMPTPAY_CALLBACK_SECRET',
  'REDIS_URL',
  'STORAGE_URL',
  'STORAGE_DIR',
];

async function startInProduction(settings: Record<string, string>) {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-production-')), 'data');
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of CLEARED) delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const started = fs.existsSync(dataDir);
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  /** The refusal's lines, by the setting each one names. */
  const lines = output
    .split('\n')
    .filter((l) => /^ {2}[A-Z_]+: /.test(l))
    .map((l) => l.trim());
  return {
    code,
    output,
    started,
    lines,
    setting: (name: string) => lines.filter((l) => l.startsWith(`${name}: `)),
  };
}

describe('a start with NODE_ENV=production', () => {
  it('when the demo defaults of npm start are left as they are then it refuses with one line per setting to change and starts nothing', async () => {
    const run = await startInProduction({});
    expect(run.code).toBe(1);
    expect(run.output).toContain('The portal could not start: NODE_ENV=production refuses these settings:');
    expect(run.started).toBe(false);
    expect(run.lines.map((l) => l.split(':')[0]).sort()).toEqual(
      ['APP_KEYS', 'DEMO_MODE', 'MAIL_TRANSPORT', 'PUBLIC_URL', 'SMS_PROVIDER'].sort(),
    );
    expect(run.setting('DEMO_MODE')[0]).toMatch(/the default on the embedded database.*set DEMO_MODE=false/);
    expect(run.setting('APP_KEYS')[0]).toMatch(/demo's app key portal-web/);
    expect(run.setting('SMS_PROVIDER')[0]).toMatch(/no member receives an OTP/);
    expect(run.setting('MAIL_TRANSPORT')[0]).toMatch(/MAIL_TRANSPORT=smtp/);
    expect(run.setting('PUBLIC_URL')[0]).toMatch(/not set: set the https:\/\/ address/);
  });

  it('when secrets are the demo ones or weak and the demo is asked for then each is named in its own line', async () => {
    const run = await startInProduction({
      DEMO_MODE: 'true',
      DEMO_SEED: 'true',
      JWT_SECRET: 'change-me-change-me-change-me-change-me',
      APP_KEYS: 'acme-portal,portal-web',
      OAUTH_CLIENTS: JSON.stringify([
        { id: 'acme-web', secret: 'public', kind: 'public' },
        { id: 'partner-app', secret: 'partner-secret', kind: 'confidential' },
      ]),
      PROMPTPAY_ID: '0812345678',
      PROMPTPAY_CALLBACK_SECRET: 'a'.repeat(40),
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'http://portal.example.com',
    });
    expect(run.code).toBe(1);
    expect(run.started).toBe(false);
    expect(run.lines.map((l) => l.split(':')[0]).sort()).toEqual(
      [
        'APP_KEYS',
        'DEMO_MODE',
        'DEMO_SEED',
        'JWT_SECRET',
        'OAUTH_CLIENTS',
        'PROMPTPAY_CALLBACK_SECRET',
        'PUBLIC_URL',
        'SMS_PROVIDER',
      ].sort(),
    );
    expect(run.setting('DEMO_MODE')[0]).not.toContain('the default');
    expect(run.setting('DEMO_SEED')[0]).toMatch(/published password/);
    expect(run.setting('JWT_SECRET')[0]).toMatch(/a placeholder, not a secret/);
    expect(run.setting('OAUTH_CLIENTS')[0]).toMatch(/partner-app .*only 14 characters/);
    expect(run.setting('PROMPTPAY_CALLBACK_SECRET')[0]).toMatch(/only 1 different characters/);
    expect(run.setting('PUBLIC_URL')[0]).toMatch(/^PUBLIC_URL: http:\/\/portal\.example\.com: set the https/);
  });

  it(
    "when every setting is a real company's then it starts, as a portal without the demo",
    { timeout: 180_000 },
    async () => {
      const dataDir = tempDataDir('portal-production-');
      const server = startServer(dataDir, await freePort(), {
        NODE_ENV: 'production',
        DEMO_MODE: 'false',
        DEMO_SEED: 'false',
        APP_KEYS: 'acme-portal',
        PUBLIC_URL: 'https://portal.acme.example',
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
      });
      try {
        await waitReady(server);
        const config = (await (await fetch(`http://127.0.0.1:${server.port}/config.json`)).json()) as {
          appKey: string;
          demo: boolean;
        };
        expect(config).toMatchObject({ appKey: 'acme-portal', demo: false });
        expect((await fetch(`http://127.0.0.1:${server.port}/dev/outbox`)).status).toBe(404);
        expect(server.output()).not.toContain('refuses these settings');
      } finally {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
