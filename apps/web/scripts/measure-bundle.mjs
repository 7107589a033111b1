// Sums the gzip size of the JavaScript a browser loads for /auth/login: the entry chunk and
// its static imports, plus the lazy chunks of the auth layout and the login page.
// Run after `vite build`: node apps/web/scripts/measure-bundle.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const ROUTE_CHUNKS = ['src/app/layouts/auth-layout.tsx', 'src/features/auth/login-page.tsx'];
const BUDGET_KB = 250;

const files = new Set();
function walk(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) walk(dep);
}
walk('index.html');
for (const key of ROUTE_CHUNKS) {
  if (!manifest[key]) throw new Error(`${key} is not a chunk of its own; route splitting broke`);
  walk(key);
}

let total = 0;
const rows = [];
for (const file of files) {
  if (!file.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push([file, size]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
const kb = total / 1024;
console.log(
  `\n/auth/login initial JavaScript: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB, ${rows.length} files)`,
);
if (kb > BUDGET_KB) process.exitCode = 1;
