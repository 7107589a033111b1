// `npm start`: builds the portal if it is missing or older than its sources, then runs the server
// (API + built portal on one port) on the embedded PostgreSQL unless DATABASE_URL is set.
// NODE_ENV is passed on as the caller set it, never set here: `npm start` alone is the demo, and
// NODE_ENV=production is the operator's word that the settings are a real company's, which the
// server then checks (apps/api/src/production-checks.ts, decision 036).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildPortalIfStale } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildPortalIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// The server stops itself on SIGINT / SIGTERM (HTTP first, then the database); pass them on and wait.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
