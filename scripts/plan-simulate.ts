// `npm run plan:simulate -- --scenario scenario.json [--plan plan.json] [--out result.json]`
// The simulation contract of compensation-plan.md section 13: the scenario's history through the same
// engine code as the live closings, on a scratch database of its own (created, used, dropped): a
// database created on DATABASE_URL's server when it is set, else an embedded PostgreSQL in a temp dir.
// Prints the result JSON (or writes --out) and exits 0; a scenario that breaks a rule exits 2 with one line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ScenarioError, simulate } from '../apps/api/src/compensation/simulate';
import { connect } from '../apps/api/src/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../apps/api/src/db/embedded';
import { migrateDatabase } from '../apps/api/src/db/migrate';

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

let embedded: EmbeddedPostgres | null = null;
let adminUrl: string;
const external = process.env.DATABASE_URL;
if (external) {
  adminUrl = external;
} else {
  embedded = await startEmbeddedPostgres({
    dir: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'plan-simulate-')), 'pg'),
    ephemeral: true,
    notice: () => {},
  });
  adminUrl = embedded.url;
}
const name = `plan_simulation_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = connect(url.toString(), 3, () => {});
let exitCode = 0;
try {
  await migrateDatabase(database.db);
  const result = await simulate(database.db, scenario);
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
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  await embedded?.stop();
}
process.exit(exitCode);
