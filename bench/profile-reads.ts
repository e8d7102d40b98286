/**
 * Where the portal's JavaScript spends its time on an uncached read: a CPU profile of the server under load.
 *
 *   npx tsx bench/profile-reads.ts [target] [seconds]
 *
 * Seeds the hot-reads estate (bench/hot-reads.ts) into a fresh PostgreSQL database, starts the portal with the
 * caches off (CACHE_SECONDS=0; PROFILE_CACHE_SECONDS=30 profiles the warm path instead), in production mode as
 * hot-reads.ts runs it, under `node --cpu-prof`,
 * loads one of its targets (default `products`: `GET /api/Product`) at 64 connections for the given seconds
 * (default 10), stops the server and prints the functions with the most self time, and the same grouped by package
 * (or by the portal's own source folder). The raw profile stays in bench/results/profiles/ for Chrome's DevTools.
 * V8 samples by the wall clock: time the server spent descheduled inside a system call (a write that woke
 * PostgreSQL on the other core) shows as that call's self time.
 */
import { makeProfileDir, readProfileIn } from './lib/cpu-profile.ts';
import { HOT_READS, hotReadRequests, hotReadsServerEnv, seedHotReads } from './lib/hot-reads-estate.ts';
import { runLoad } from './lib/load.ts';
import { withBenchDatabase } from './lib/postgres.ts';
import { CONNECTIONS } from './lib/runs.ts';
import { runScript } from './lib/script.ts';
import { startPortalServer } from './lib/server.ts';
import { printTable } from './lib/table.ts';

runScript(import.meta.url, async () => {
  const target = HOT_READS.find((candidate) => candidate.key === (process.argv[2] ?? 'products'));
  if (!target) throw new Error(`no such target; one of ${HOT_READS.map((candidate) => candidate.key).join(', ')}`);
  const seconds = Number(process.argv[3] ?? 10);
  const cacheSeconds = process.env.PROFILE_CACHE_SECONDS ?? '0';
  const profile = makeProfileDir();
  await withBenchDatabase('portal_profile', async (database) => {
    const server = await startPortalServer({
      nodeArgs: profile.nodeArgs,
      env: hotReadsServerEnv(database.url, cacheSeconds),
    });
    let total = 0;
    try {
      const estate = await seedHotReads(database.url);
      const options = {
        connections: Number(process.env.PROFILE_CONNECTIONS ?? CONNECTIONS),
        requestsFor: hotReadRequests(target, estate),
      };
      await runLoad(server.url, { ...options, durationSeconds: 2 });
      const load = await runLoad(server.url, { ...options, durationSeconds: seconds });
      total = load.totalRequests;
      console.log(
        `${target.name}, ${cacheSeconds === '0' ? 'caches off' : 'warm'}: ${load.requestsPerSecond.toFixed(0)} req/s, ` +
          `p99 ${load.latencyMs.p99} ms`,
      );
    } finally {
      await server.stop();
    }
    const { file, summary } = readProfileIn(profile.dir);
    const busy = summary.owners.filter(([owner]) => owner !== '(native or idle)').reduce((sum, [, ms]) => sum + ms, 0);
    console.log(`Profile: ${file}`);
    console.log(
      `${(summary.totalMs / 1000).toFixed(1)} s profiled (start-up and warm-up included), ${total} requests measured`,
    );
    const rows = (entries: Array<[string, number]>, n: number) =>
      entries
        .slice(0, n)
        .map(([name, ms]) => [name, `${ms.toFixed(0)} ms`, `${((ms / Math.max(busy, 1)) * 100).toFixed(1)}%`]);
    printTable(
      'Self time by package or portal folder',
      [{ header: 'owner' }, { header: 'self', align: 'right' }, { header: 'share of busy', align: 'right' }],
      rows(summary.owners, 20),
    );
    printTable(
      'Functions with the most self time',
      [{ header: 'function' }, { header: 'self', align: 'right' }, { header: 'share of busy', align: 'right' }],
      rows(summary.functions, 30),
    );
  });
});
