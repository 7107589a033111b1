import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../../src/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded';
import { migrateDatabase } from '../../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * One PostgreSQL per run: the embedded one, or TEST_DATABASE_URL (the machine's PostgreSQL in CI).
 * Migrations run once into a template; every test file clones its own database from it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({
      dir: path.resolve(import.meta.dirname, '../../../../.test-data', `pg-${process.pid}`),
      ephemeral: true,
    });
    adminUrl = embedded.url;
  }
  const templateDb = `portal_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${templateDb}`);
  const database = connect(withDatabase(adminUrl, templateDb), 2);
  await migrateDatabase(database.db);
  await database.close();
  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [templateDb, `${templateDb.replace('tpl', 't')}%`],
    );
    for (const { datname } of leftovers.rows)
      await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await embedded?.stop();
  };
}
