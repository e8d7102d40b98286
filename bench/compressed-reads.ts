/**
 * What a browser's reads cost: the hot reads (bench/hot-reads.ts) with and without `accept-encoding: br, gzip`, on
 * one seeded estate, cold (caches off) and warm. Browsers always send it, and autocannon in hot-reads.ts never does,
 * so there the portal answers uncompressed, as the bare route does.
 *
 *   npx tsx bench/compressed-reads.ts [target ...]      (default: products queue; BENCH_SECONDS shortens it)
 *
 * Prints, per target and mode, req/s, the server's CPU per request and the bytes per response.
 */
import {
  hotReadsServerEnv,
  loadTarget,
  perRequestUs,
  REQUESTS_PER_CONNECTION,
  seedHotReads,
  TARGETS,
} from './hot-reads.ts';
import { isEntryPoint } from './lib/paths.ts';
import { backendPids, createBenchDatabase } from './lib/postgres.ts';
import { startPortalServer } from './lib/server.ts';
import { printTable } from './lib/table.ts';

const ENCODINGS = ['identity', 'br, gzip'];

async function main() {
  const keys = process.argv.slice(2);
  const targets = TARGETS.filter((target) => (keys.length ? keys : ['products', 'queue']).includes(target.key));
  const database = await createBenchDatabase('portal_compressed');
  const rows: string[][] = [];
  try {
    let estate: Awaited<ReturnType<typeof seedHotReads>> | undefined;
    for (const mode of ['cold', 'warm'] as const) {
      const server = await startPortalServer({ env: hotReadsServerEnv(database.url, mode === 'cold' ? '0' : '30') });
      try {
        estate ??= await seedHotReads(database.url);
        const seeded = estate;
        for (const target of targets) {
          for (const encoding of ENCODINGS) {
            const run = await loadTarget(
              `${target.name}, ${mode}, accept-encoding ${encoding}`,
              server.url,
              (c) =>
                Array.from({ length: REQUESTS_PER_CONNECTION }, (_, k) => {
                  const request = target.request(seeded, c, k);
                  return { ...request, headers: { ...request.headers, 'accept-encoding': encoding } };
                }),
              server.pid,
              () => backendPids(database.name),
            );
            rows.push([
              target.name,
              mode,
              encoding,
              run.load.requestsPerSecond.toFixed(0),
              `${perRequestUs(run, run.cpu.server).toFixed(0)} µs`,
              (run.load.bytesPerSecond / Math.max(run.load.requestsPerSecond, 1)).toFixed(0),
              String(run.load.non2xx + run.load.errors + run.load.timeouts),
            ]);
          }
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await database.drop();
  }
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
}

if (isEntryPoint(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
