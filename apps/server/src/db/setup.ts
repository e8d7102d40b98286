import type { AppConfig } from '../config.ts';
import { DEMO_ADMIN, ensureAdmin, seedDemoPartner, seedDemoTester } from '../modules/access/demo.ts';
import { seedCatalog } from '../modules/catalog/seed.ts';
import { seedContent } from '../modules/content/seed.ts';
import { seedDemoPayoutAccount } from '../modules/payments/demo.ts';
import type { Database } from './client.ts';

/** The lock nodes take to prepare the database one at a time. */
export const PREPARE_LOCK = 'portal:prepare-database';

/**
 * Applies pending migrations and seeds what is missing; safe to run on every start, and on several nodes starting at
 * once: one prepares while the others wait for it, then find everything done.
 */
export async function prepareDatabase(database: Database, config: AppConfig): Promise<void> {
  await database.exclusive(PREPARE_LOCK, () => prepare(database, config));
}

async function prepare(database: Database, config: AppConfig): Promise<void> {
  await database.migrate();
  await seedContent(database.db);
  await seedCatalog(database.db);
  if (config.seedDemo) {
    const demo = await seedDemoPartner(database.db);
    if (config.payments.mode === 'sandbox') await seedDemoPayoutAccount(database.db, demo.id);
    await ensureAdmin(database.db, DEMO_ADMIN.email, DEMO_ADMIN.password);
    if (config.seedDemoProjects) await seedDemoTester(database.db);
  }
}
