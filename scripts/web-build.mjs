// Builds the portal (apps/web/dist) when it is missing or older than its sources, printing one line
// instead of Vite's list of chunks; the full output is shown only when the build fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
export const webDist = path.join(root, 'apps/web/dist');
const sources = [
  path.join(root, 'apps/web/src'),
  path.join(root, 'apps/web/index.html'),
  path.join(root, 'apps/web/vite.config.ts'),
  path.join(root, 'apps/web/scripts/module-sizes.ts'),
  path.join(root, 'packages/contracts/src'),
  path.join(root, 'packages/plan/src'),
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Returns the built portal's directory; exits the process when the build fails. */
export function buildPortalIfStale({ log = console.log } = {}) {
  const index = path.join(webDist, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  if (builtAt && sources.every((s) => newestMtime(s) <= builtAt)) return webDist;
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@portal/web'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error('Building the portal failed.');
    process.exit(build.status ?? 1);
  }
  log(`Built the portal in ${((Date.now() - started) / 1000).toFixed(1)} s (apps/web/dist)`);
  return webDist;
}
