import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { migrateAndSeed } from './db/setup.ts';
import { DEMO_ADMIN, ensureAdmin, seedDemoPartner, seedDemoTeam, seedDemoTester } from './modules/access/demo.ts';
import { seedCatalog } from './modules/catalog/seed.ts';
import { seedContent } from './modules/content/seed.ts';
import { seedDemoPayoutAccount } from './modules/payments/demo.ts';

/** What every database starts with (the content, the model categories), and the demo's accounts where asked. */
async function seed(db: Db, config: AppConfig): Promise<void> {
  await seedContent(db);
  await seedCatalog(db);
  if (config.seedDemo) {
    const demo = await seedDemoPartner(db);
    if (config.payments.mode === 'sandbox') await seedDemoPayoutAccount(db, demo.id);
    await ensureAdmin(db, DEMO_ADMIN.email, DEMO_ADMIN.password);
    if (config.seedDemoProjects) {
      await seedDemoTester(db);
      // the demo partner's studio has a member of each role (a studio's id is its founder's)
      await seedDemoTeam(db, demo.id);
    }
  }
}

/** Migrates and seeds a database: on every start, and by the tests' database templates. */
export function prepareDatabase(database: Database, config: AppConfig): Promise<void> {
  return migrateAndSeed(database, (db) => seed(db, config));
}
