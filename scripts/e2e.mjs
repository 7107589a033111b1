// `npm run test:e2e`: builds the portal, then runs the browser tests (headless Chromium) against a
// real server on the embedded PostgreSQL with the demo network. The browser is installed first when
// it is missing and may be (scripts/chromium.mjs); otherwise the exact command to install it is said.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = ensureChromium();
if (!chromium) process.exit(1);
const run = (cmd, args) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } })
    .status ?? 1;
if (run('npm', ['run', 'build', '-w', '@portal/web']) !== 0) process.exit(1);
process.exit(run('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)]));
