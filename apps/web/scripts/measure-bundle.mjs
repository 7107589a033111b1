// Sums the gzip size of the JavaScript a browser loads for /auth/login: the entry chunk and its
// static imports, which hold the auth layout and the login page (decision 015). The signed-in
// pages must stay chunks of their own. Run after `vite build`: node apps/web/scripts/measure-bundle.mjs
// (`npm run measure:bundle` at the root measures what Chromium really receives, compressed.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const SIGNED_IN_CHUNKS = ['src/app/layouts/app-layout.tsx', 'src/features/dashboard/dashboard-page.tsx'];
const BUDGET_KB = 250;

const files = new Set();
function walk(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) walk(dep);
}
walk('index.html');
for (const key of SIGNED_IN_CHUNKS) {
  if (!manifest[key]) throw new Error(`${key} is not a chunk of its own; route splitting broke`);
  if (files.has(manifest[key].file)) throw new Error(`${key} is in the sign-in page's scripts`);
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
