/**
 * Whether a change made a hot read cheaper: the server CPU per request of this checkout and of another commit,
 * measured side by side on one seeded estate.
 *
 *   npx tsx bench/compare-refs.ts <ref> [target] [rounds] [seconds]
 *
 * Checks `ref` (default target `products`, one of bench/hot-reads.ts's) out into a temporary worktree sharing this
 * checkout's node_modules, starts both servers on one bench database (caches as CACHE_SECONDS says, default 30:
 * warm), warms both up, then loads them in turn for `rounds` (default 16) slices of `seconds` (default 2) each,
 * swapping the order every round. This machine's speed drifts by a third within seconds, so one run of each, as
 * hot-reads.ts makes, cannot tell a 10% change; the median of the paired slices (this checkout's CPU per request
 * over the other's, next to each other in time) can.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONNECTIONS, hotReadsServerEnv, seedHotReads, TARGETS } from './hot-reads.ts';
import { pinServerApart } from './lib/cpus.ts';
import { runLoad } from './lib/load.ts';
import { isEntryPoint, REPO_ROOT } from './lib/paths.ts';
import { createBenchDatabase } from './lib/postgres.ts';
import { CpuMeter } from './lib/proc-stats.ts';
import { startPortalServer } from './lib/server.ts';
import { median } from './lib/stats.ts';
import { printTable } from './lib/table.ts';

/** A worktree of `ref` whose node_modules folders are this checkout's (the workspace links point back here). */
function checkOut(ref: string): { root: string; remove(): void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'portal-ref-'));
  execFileSync('git', ['worktree', 'add', '--detach', '--force', root, ref], { cwd: REPO_ROOT, stdio: 'ignore' });
  const workspaces = ['.', 'apps', 'packages'].flatMap((folder) =>
    folder === '.' ? ['.', 'bench'] : readdirSync(path.join(REPO_ROOT, folder)).map((name) => path.join(folder, name)),
  );
  for (const workspace of workspaces) {
    const modules = path.join(REPO_ROOT, workspace, 'node_modules');
    const link = path.join(root, workspace, 'node_modules');
    if (existsSync(modules) && existsSync(path.dirname(link)) && !existsSync(link)) symlinkSync(modules, link);
  }
  return {
    root,
    remove: () => {
      execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: REPO_ROOT, stdio: 'ignore' });
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function main() {
  const [ref, key = 'products', roundsArg = '16', secondsArg = '2'] = process.argv.slice(2);
  if (!ref) throw new Error('usage: npx tsx bench/compare-refs.ts <ref> [target] [rounds] [seconds]');
  const target = TARGETS.find((candidate) => candidate.key === key);
  if (!target) throw new Error(`no such target; one of ${TARGETS.map((candidate) => candidate.key).join(', ')}`);
  const rounds = Number(roundsArg);
  const seconds = Number(secondsArg);
  const cacheSeconds = process.env.CACHE_SECONDS ?? '30';
  const other = checkOut(ref);
  const database = await createBenchDatabase('portal_compare');
  try {
    const env = hotReadsServerEnv(database.url, cacheSeconds);
    // the servers on one core and this process (the load) on the other: each slice then measures the server alone
    const pinned = pinServerApart();
    const cpus = pinned?.serverCpus;
    const servers = {
      this: await startPortalServer({ env, cpus }),
      [ref]: await startPortalServer({ env, cpus, root: other.root }),
    };
    try {
      const estate = await seedHotReads(database.url);
      const requestsFor = (c: number) => Array.from({ length: 24 }, (_, k) => target.request(estate, c, k));
      const options = { connections: CONNECTIONS, requestsFor };
      for (const server of Object.values(servers)) await runLoad(server.url, { ...options, durationSeconds: 3 });
      const names = Object.keys(servers);
      const perRequestUs: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
      const rows: string[][] = [];
      console.log(`Loading ${target.name}: ${rounds} rounds of ${seconds} s each on both, caches ${cacheSeconds} s`);
      for (let round = 0; round < rounds; round += 1) {
        const cells: Record<string, string> = {};
        for (const name of round % 2 ? [...names].reverse() : names) {
          const server = servers[name] as (typeof servers)['this'];
          const meter = new CpuMeter(() => [server.pid]);
          const load = await runLoad(server.url, { ...options, durationSeconds: seconds });
          const us = (meter.read().cpuSeconds / Math.max(load.totalRequests, 1)) * 1e6;
          perRequestUs[name]?.push(us);
          cells[name] = `${load.requestsPerSecond.toFixed(0)} req/s, ${us.toFixed(1)} µs`;
        }
        const ratio = (perRequestUs.this?.[round] ?? 0) / (perRequestUs[ref]?.[round] ?? 1);
        rows.push([String(round + 1), cells.this ?? '', cells[ref] ?? '', ratio.toFixed(3)]);
      }
      printTable(
        `${target.name}: server CPU per request, this checkout beside ${ref}`,
        [
          { header: 'round', align: 'right' },
          { header: 'this' },
          { header: ref },
          { header: 'this / ref', align: 'right' },
        ],
        rows,
      );
      const ratios = (perRequestUs.this ?? []).map((us, i) => us / (perRequestUs[ref]?.[i] ?? us));
      const middle = median(ratios);
      const quartiles = [ratios.filter((r) => r <= middle), ratios.filter((r) => r >= middle)].map(median);
      console.log(
        `Median server CPU per request: this ${median(perRequestUs.this ?? []).toFixed(1)} µs, ${ref} ${median(perRequestUs[ref] ?? []).toFixed(1)} µs; median of the paired ratios ${middle.toFixed(3)} (quartiles ${quartiles.map((q) => q.toFixed(3)).join('–')})`,
      );
    } finally {
      for (const server of Object.values(servers)) await server.stop();
      pinned?.release();
    }
  } finally {
    await database.drop();
    other.remove();
  }
}

if (isEntryPoint(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
