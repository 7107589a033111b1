import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Database } from '../../src/db/client';
import { withDatabase } from './global-setup';

/** A database of its own, cloned from the migrated template (no app): for the engine and the simulator. */
export async function scratchDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const adminUrl = inject('adminUrl');
  const templateDb = inject('templateDb');
  const name = `${templateDb.replace('tpl', 's')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${templateDb}`);
  await admin.end();
  const database = connect(withDatabase(adminUrl, name), 3);
  return {
    ...database,
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
