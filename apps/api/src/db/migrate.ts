import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client';
import { loadReferenceData } from './reference-data';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../drizzle');

/** Applies committed SQL migrations, then loads reference lists if they are empty. */
export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  await loadReferenceData(db);
}
