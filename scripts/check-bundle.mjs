// `npm run check:bundle`: the size budgets of the built portal (issue 24), part of `npm test`.
// Reads the build's manifest (apps/web/dist/.vite/manifest.json), follows each budgeted page's
// static imports, compresses every file with brotli at its best quality (node:zlib, as the build's
// .br files) and prints each page's figure, its budget and the three largest modules of what it
// loads (from .vite/module-sizes.json, written by apps/web/scripts/module-sizes.ts). Exits 1 when a
// page is over its budget. No browser: `npm run measure:bundle` measures the same sign-in page in
// Chromium, headers included. The budgets are in apps/web/scripts/bundle-budget.ts.
//
//   npm run check:bundle                  # build the portal if it is stale, then check it
//   npm run check:bundle -- --dist DIR    # check another build as it is (e.g. an older commit's)
//   npm run check:bundle -- --json        # the figures as JSON
import fs from 'node:fs';
import path from 'node:path';
import { formatReport, measurePages, wireSize } from '../apps/web/scripts/bundle-budget.ts';
import { buildPortalIfStale } from './web-build.mjs';

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const distArg = argv.includes('--dist') ? argv[argv.indexOf('--dist') + 1] : undefined;
const dist = distArg
  ? path.resolve(distArg)
  : buildPortalIfStale({ log: (line) => !json && console.log(line) });

const read = (file) => JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8'));
const manifestFile = '.vite/manifest.json';
if (!fs.existsSync(path.join(dist, manifestFile))) {
  console.error(`${path.join(dist, manifestFile)} is missing: build with build.manifest on.`);
  process.exit(1);
}
const manifest = read(manifestFile);
const modulesFile = '.vite/module-sizes.json';
const modules = fs.existsSync(path.join(dist, modulesFile)) ? read(modulesFile).chunks : undefined;

const sizes = new Map();
const size = (file) => {
  if (!sizes.has(file)) {
    const content = fs.readFileSync(path.join(dist, file));
    sizes.set(file, { raw: content.length, wire: wireSize(content) });
  }
  return sizes.get(file);
};

const pages = measurePages(manifest, size, modules);
if (json) {
  console.log(JSON.stringify({ dist, pages }, null, 2));
} else {
  console.log(formatReport(pages));
  if (!modules) console.log(`\n(no ${modulesFile} in ${dist}: the largest modules are not known)`);
  const over = pages.filter((p) => p.over);
  console.log(
    over.length
      ? `\nOver budget: ${over.map((p) => p.label).join(', ')}. Look at the largest modules above first.`
      : '\nEvery page is within its budget.',
  );
}
if (pages.some((p) => p.over)) process.exitCode = 1;
