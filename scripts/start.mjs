// `npm start`: builds the portal if it is missing or older than its sources, then runs the server
// (API + built portal on one port) on the embedded PostgreSQL unless DATABASE_URL is set.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildPortalIfStale } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildPortalIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// The server stops itself on SIGINT / SIGTERM (HTTP first, then the database); pass them on and wait.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
