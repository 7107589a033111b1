// `npm run test:e2e`: builds the portal, then runs the browser tests (headless Chromium) against a
// real server on the embedded PostgreSQL with the demo network.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`Chromium is not at ${chromium}. Install Debian's package: apt-get install -y chromium`);
  process.exit(1);
}
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
if (run('npm', ['run', 'build', '-w', '@portal/web']) !== 0) process.exit(1);
process.exit(run('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)]));
