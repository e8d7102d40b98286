import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../app.ts';
import { wrapPglite } from '../../db/client.ts';
import { prepareDatabase } from '../../seed.ts';
import { testConfig } from '../config.ts';
import { createPartnerEstate, snapshotPartnerData } from '../estate.ts';
import { fuzzContextOf, partnerCallers } from './estate.ts';
import { fetchOpenApiDocument, listOperations } from './openapi.ts';
import { type FuzzReport, runFuzz } from './run.ts';

export interface StandaloneFuzzOptions {
  seed: number;
  /** Requests per operation and caller; or give `totalRequests` and let the document's size decide. */
  runsPerOperation?: number;
  totalRequests?: number;
}

/** The fuzzer outside the test runner (the benchmark): the app on a fresh in-memory PGlite, one partner estate. */
export async function fuzzOnPglite(options: StandaloneFuzzOptions): Promise<FuzzReport> {
  const config = testConfig();
  const database = wrapPglite(await PGlite.create());
  await prepareDatabase(database, config);
  const app = await buildApp(config, { database, logger: false });
  try {
    await app.ready();
    const estate = await createPartnerEstate(app);
    const operations = listOperations(await fetchOpenApiDocument(app));
    const { callers, afterSuccess } = partnerCallers(app, estate);
    const runsPerOperation =
      options.runsPerOperation ?? Math.ceil((options.totalRequests ?? 10_000) / (operations.length * callers.length));
    return await runFuzz({
      app,
      operations,
      context: fuzzContextOf(estate),
      callers,
      seed: options.seed,
      runsPerOperation,
      snapshot: () => snapshotPartnerData(app.db, estate.userId),
      afterSuccess,
    });
  } finally {
    await app.close();
    await database.close();
  }
}
