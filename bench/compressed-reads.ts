/**
 * What a browser's reads cost: the hot reads (bench/hot-reads.ts) with and without `accept-encoding: br, gzip`, on
 * one seeded estate, cold (caches off) and warm. Browsers always send it, and autocannon in hot-reads.ts never does,
 * so there the portal answers uncompressed, as the bare route does.
 *
 *   npx tsx bench/compressed-reads.ts [target ...]      (default: products queue; BENCH_SECONDS shortens it)
 *
 * Prints, per target and mode, req/s, the server's CPU per request and the bytes per response.
 */
import { formatUs } from './lib/format.ts';
import { type Estate, HOT_READS, hotReadRequests, hotReadsServerEnv, seedHotReads } from './lib/hot-reads-estate.ts';
import { backendPids, withBenchDatabase } from './lib/postgres.ts';
import { failedRequests, loadTarget, perRequestUs } from './lib/runs.ts';
import { runScript } from './lib/script.ts';
import { startPortalServer } from './lib/server.ts';
import { printTable } from './lib/table.ts';

const ENCODINGS = ['identity', 'br, gzip'];

runScript(import.meta.url, async () => {
  const keys = process.argv.slice(2);
  const targets = HOT_READS.filter((target) => (keys.length ? keys : ['products', 'queue']).includes(target.key));
  const rows: string[][] = [];
  await withBenchDatabase('portal_compressed', async (database) => {
    let estate: Estate | undefined;
    for (const mode of ['cold', 'warm'] as const) {
      const server = await startPortalServer({ env: hotReadsServerEnv(database.url, mode === 'cold' ? '0' : '30') });
      try {
        estate ??= await seedHotReads(database.url);
        for (const target of targets) {
          const requests = hotReadRequests(target, estate);
          for (const encoding of ENCODINGS) {
            const run = await loadTarget(
              `${target.name}, ${mode}, accept-encoding ${encoding}`,
              server.url,
              (c) =>
                requests(c).map((request) => ({
                  ...request,
                  headers: { ...request.headers, 'accept-encoding': encoding },
                })),
              server.pid,
              () => backendPids(database.name),
            );
            rows.push([
              target.name,
              mode,
              encoding,
              run.load.requestsPerSecond.toFixed(0),
              formatUs(perRequestUs(run, run.cpu.server)),
              (run.load.bytesPerSecond / Math.max(run.load.requestsPerSecond, 1)).toFixed(0),
              String(failedRequests(run)),
            ]);
          }
        }
      } finally {
        await server.stop();
      }
    }
  });
  printTable(
    'Hot reads as a browser asks for them (accept-encoding: br, gzip) and as hot-reads.ts does (identity)',
    [
      { header: 'read' },
      { header: 'mode' },
      { header: 'accept-encoding' },
      { header: 'req/s', align: 'right' },
      { header: 'server CPU / req', align: 'right' },
      { header: 'bytes / response', align: 'right' },
      { header: 'failed', align: 'right' },
    ],
    rows,
  );
});
