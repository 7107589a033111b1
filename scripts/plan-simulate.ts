// `npm run plan:simulate -- --scenario scenario.json [--plan plan.json] [--out result.json]`
// The simulation contract (docs/plan.md section 13): the scenario's history through the same
// engine code as the live closings, on a scratch database of its own (created, used, dropped): a
// database created on DATABASE_URL's server when it is set, else an embedded PostgreSQL in a temp dir.
// Prints the result JSON (or writes --out) and exits 0; a scenario that breaks a rule exits 2 with one line.
import fs from 'node:fs';
import { ScenarioError, simulate } from '../apps/api/src/compensation/simulate';
import { withScratchDatabase } from '../apps/api/src/db/scratch';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0) return process.argv[i + 1];
  return process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');
}

function fail(line: string, code = 2): never {
  process.stderr.write(`${line}\n`);
  process.exit(code);
}

const scenarioPath = arg('scenario');
if (!scenarioPath)
  fail('usage: npm run plan:simulate -- --scenario scenario.json [--plan plan.json] [--out result.json]', 1);
let scenario: Record<string, unknown>;
try {
  scenario = JSON.parse(fs.readFileSync(scenarioPath, 'utf8')) as Record<string, unknown>;
  const planPath = arg('plan');
  if (planPath) {
    const plan = JSON.parse(fs.readFileSync(planPath, 'utf8')) as Record<string, unknown>;
    scenario = { ...scenario, plan: { ...plan, ...((scenario.plan as object | undefined) ?? {}) } };
  }
} catch (err) {
  fail(`scenario: ${(err as Error).message}`);
}

let exitCode = 0;
try {
  const result = await withScratchDatabase(process.env.DATABASE_URL || null, (db) => simulate(db, scenario));
  const text = JSON.stringify(result, null, 2) + '\n';
  const out = arg('out');
  if (out) fs.writeFileSync(out, text);
  else process.stdout.write(text);
} catch (err) {
  if (err instanceof ScenarioError) {
    process.stderr.write(`${err.message}\n`);
    exitCode = 2;
  } else {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    exitCode = 1;
  }
}
process.exit(exitCode);
