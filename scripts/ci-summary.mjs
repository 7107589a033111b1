// Adds up the JSON results every vitest run of this CI wrote (vitest.config.ts writes them when
// CI=true) and prints one closing line: "tests: N passed, N failed".
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../.test-data/results');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  const r = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed === 0 || failed > 0) process.exit(1);
