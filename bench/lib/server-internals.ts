/**
 * Every piece of the server's own code the benchmarks use, gathered here: everything else in bench/ reaches the
 * server over HTTP (and starts it through `apps/server/src/server.ts`, configured by its environment alone), so when
 * the server's files move, this file is the one to follow them.
 *
 * The fuzzer and the demo's AssetBundle are loaded on first use: the first builds the whole app, the second loads
 * sharp, and most figures need neither.
 */
import type { StandaloneFuzzOptions } from '../../apps/server/src/testing/fuzz/standalone.ts';

/** The server's configuration from an environment (the income figures read the default fee rates from it). */
export { loadConfig } from '../../apps/server/src/config.ts';
/** The pool settings the portal opens PostgreSQL with (the floor takes them); the drizzle handle's type. */
export { type Db, openDatabase, poolConfig } from '../../apps/server/src/db/client.ts';
/** The tables, for a drizzle handle of the bench's own that captures the statements a repository writes. */
export * as schema from '../../apps/server/src/db/schema/index.ts';
/** The in-process cache the warm reads answer from (`bench/ttl-cache.ts` times it). */
export { TtlCache } from '../../apps/server/src/lib/ttl-cache.ts';
/** Play analytics' recording and its batch insert, which `bench/analytics-ingest.ts` drives. */
export { insertPlayEvents, type PlayEventRow } from '../../apps/server/src/modules/analytics/repository.ts';
export { createAnalyticsService, type GameObservation } from '../../apps/server/src/modules/analytics/service.ts';
/** The statements of the income page, run by `bench/income-query.ts` to print PostgreSQL's plan of it. */
export { selectOwnedItemIdsNamed } from '../../apps/server/src/modules/catalog/repository.ts';
export { selectIncomePage } from '../../apps/server/src/modules/income/repository.ts';
/** The portal's logger and CORS options, which the floor runs with. */
export { loggerOptions, requestLoggerFactory } from '../../apps/server/src/plugins/logging.ts';
export { corsOptions } from '../../apps/server/src/plugins/security.ts';
export type { FuzzReport } from '../../apps/server/src/testing/fuzz/run.ts';

/** The fuzzer on the app built in this process on an in-memory PGlite; with its failures grouped by class. */
export async function fuzzOnPglite(options: StandaloneFuzzOptions) {
  const [{ fuzzOnPglite: fuzz }, { formatFailures }] = await Promise.all([
    import('../../apps/server/src/testing/fuzz/standalone.ts'),
    import('../../apps/server/src/testing/fuzz/run.ts'),
  ]);
  const report = await fuzz(options);
  return { report, failureClasses: formatFailures(report.failures) };
}
