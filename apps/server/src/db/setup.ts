import type { Database, Db } from './client.ts';

/** The lock nodes take to prepare the database one at a time. */
export const PREPARE_LOCK = 'portal:prepare-database';

/**
 * Applies pending migrations, then `seed`; safe to run on every start, and on several nodes starting at once: one
 * prepares while the others wait for it, then find everything done (each seeder adds only what is missing).
 */
export async function migrateAndSeed(database: Database, seed: (db: Db) => Promise<void>): Promise<void> {
  await database.exclusive(PREPARE_LOCK, async () => {
    await database.migrate();
    await seed(database.db);
  });
}
