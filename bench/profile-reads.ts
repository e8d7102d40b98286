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
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONNECTIONS, hotReadsServerEnv, seedHotReads, TARGETS } from './hot-reads.ts';
import { runLoad } from './lib/load.ts';
import { isEntryPoint, REPO_ROOT } from './lib/paths.ts';
import { createBenchDatabase } from './lib/postgres.ts';
import { startPortalServer } from './lib/server.ts';
import { printTable } from './lib/table.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Which package or portal folder a script belongs to. */
export function ownerOf(url: string): string {
  if (!url) return '(native or idle)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const portal = url.indexOf('/apps/server/src/');
  if (portal >= 0) return `portal: ${path.dirname(url.slice(portal + '/apps/server/src/'.length))}`;
  if (url.includes('/packages/contracts/')) return 'portal: contracts';
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  return url;
}

/**
 * Self time per function and per owner, in ms, from a .cpuprofile; with `window` (µs of the monotonic clock the
 * profile's timestamps use, `process.hrtime` in any process of the machine), only the samples taken within it.
 */
export function summarize(profile: CpuProfile, window?: { startUs: number; endUs: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (window && (at < window.startUs || at >= window.endUs)) return;
    selfMs.set(id, (selfMs.get(id) ?? 0) + delta / 1000);
  });
  const functions = new Map<string, number>();
  const owners = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const owner = ownerOf(frame.url);
    const name = `${frame.functionName || '(anonymous)'} · ${owner}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
  }
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: window ? (window.endUs - window.startUs) / 1000 : (profile.endTime - profile.startTime) / 1000,
    functions: sorted(functions),
    owners: sorted(owners),
  };
}

async function main() {
  const target = TARGETS.find((candidate) => candidate.key === (process.argv[2] ?? 'products'));
  if (!target) throw new Error(`no such target; one of ${TARGETS.map((candidate) => candidate.key).join(', ')}`);
  const seconds = Number(process.argv[3] ?? 10);
  const cacheSeconds = process.env.PROFILE_CACHE_SECONDS ?? '0';
  const profileDir = path.join(REPO_ROOT, 'bench', 'results', 'profiles', new Date().toISOString().replace(/:/g, '-'));
  mkdirSync(profileDir, { recursive: true });
  const database = await createBenchDatabase('portal_profile');
  try {
    const server = await startPortalServer({
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
      env: hotReadsServerEnv(database.url, cacheSeconds),
    });
    let total = 0;
    try {
      const estate = await seedHotReads(database.url);
      const requestsFor = (c: number) => Array.from({ length: 24 }, (_, k) => target.request(estate, c, k));
      const options = { connections: Number(process.env.PROFILE_CONNECTIONS ?? CONNECTIONS), requestsFor };
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
    const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no profile was written to ${profileDir}`);
    const summary = summarize(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile);
    const busy = summary.owners.filter(([owner]) => owner !== '(native or idle)').reduce((sum, [, ms]) => sum + ms, 0);
    console.log(`Profile: ${path.relative(REPO_ROOT, path.join(profileDir, file))}`);
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
  } finally {
    await database.drop();
  }
}

if (isEntryPoint(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
