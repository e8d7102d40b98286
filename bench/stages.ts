/**
 * The AR app's read of nearby VPS stages on PostgreSQL: `GET /game/api/Stage/Nearby` over 100,000 stages under load,
 * every request a different place, beside a bare Fastify route answering the bytes of a typical answer.
 *
 *   npx tsx bench/stages.ts      (also part of `npm run bench`)
 *
 * - Creates a fresh database `portal_stages_<timestamp>` on the local PostgreSQL server (127.0.0.1:5432, user
 *   postgres, trust auth; BENCH_POSTGRES_URL overrides the admin URL), lets a first server start migrate it, and
 *   drops it at the end.
 * - Seeds the estate of bench/lib/stages-estate.ts with generate_series, straight into the tables: 2,000 partners and
 *   100,000 stages of theirs, half scattered around the centres of 20 cities (a normal scatter of 5 km, cut at 15 km:
 *   Hong Kong, Tokyo, London, New York, Paris, Singapore, Sydney, …), half uniformly over the surface between
 *   latitudes -60 and 70; 80% Published with their month running (ending 1 hour to 29 days from now), 10% Published
 *   whose month has already ended (the expiry job has not run), 10% Drafts; each with 3 contents in `contents` (3D
 *   assets, images, videos and special utilities, with their files' URLs, as a stage stores them) and, for every
 *   tenth stage, one vertical carousel of 3 images. Vacuumed and analyzed, as autovacuum leaves a table a minute
 *   after a bulk load.
 * - Queries: 5,000 places drawn once (a seeded generator, the same every run): 70% in a city (scattered as its
 *   stages are) with radius 1,000 m, 20% in a city with radius 5,000 m, 10% anywhere between latitudes -60 and 70
 *   with radius 10,000 m. The expected answer of every query is computed in this process from every live stage with
 *   `distanceMetres` (only a sort on latitude skips the stages too far north or south to be within the radius); the
 *   server's answers to every tenth query (500) are checked against it before the load: the same stages in the same
 *   order, their distances, contents and carousels. A wrong answer ends the benchmark with an error. Reports the
 *   mean number of stages per answer (over the 5,000 expected answers).
 * - Load: a server in production mode (LOG_LEVEL=warn, JOBS=false), loaded with autocannon from this process at 64
 *   connections; connection c cycles through queries c, c + 64, c + 128, …, so that every request in flight asks
 *   another place. First a pass asking every place once (5,000 requests), reported on its own: it builds the
 *   server's nearby index (every published stage's place, in memory) on its first request, and reads from
 *   PostgreSQL and serializes each stage the first time an answer carries it, as a server does once after it
 *   starts. Then a 2 s warm-up and 10 s measured (BENCH_SECONDS overrides), which the verdict is about: what a
 *   server that has been answering for a while costs. Baseline: a bare Fastify route of the same path
 *   (bench/lib/bare-route.ts) answering, to the same requests, the bytes of the checked answer whose size is
 *   nearest the checked answers' mean.
 * - CPUs: with two or more and taskset, the server (and the bare route) runs on CPU 0 and this process on the
 *   others, so that the load generator and the server never take each other's turn; PostgreSQL and the kernel are
 *   left to the scheduler. Printed when it applies.
 * - BENCH_STAGES_PROFILE=<dir> runs the server under `node --cpu-prof`, its profile written to that directory.
 *
 * Verdict (the stages issue): p99 < 20 ms at 64 connections. A load with non-2xx answers or errors never meets it.
 */
import { MAX_NEARBY_RESULTS } from '@portal/contracts';
import { startBareRoute } from './lib/bare-servers.ts';
import { pinServerApart } from './lib/cpus.ts';
import { formatMs, formatRatio } from './lib/format.ts';
import { type LoadResult, runLoad } from './lib/load.ts';
import { backendPids, withBenchDatabase } from './lib/postgres.ts';
import { describeMachineLoad, type MachineLoad, sampleMachineLoad } from './lib/proc-stats.ts';
import { DURATION_SECONDS, isClean, loadTarget, RUN_COLUMNS, type Run, ratio, runCells } from './lib/runs.ts';
import { runScript } from './lib/script.ts';
import { migrateDatabase, startPortalServer } from './lib/server.ts';
import {
  type CheckedAnswers,
  checkAnswers,
  NEARBY_CONNECTIONS,
  NEARBY_ROUTE,
  nearbyRequests,
  QUERIES,
  QUERY_KINDS,
  seedNearbyEstate,
  stagesServerEnv,
} from './lib/stages-estate.ts';
import { mean } from './lib/stats.ts';
import { formatVerdict, printTable } from './lib/table.ts';

export const NEARBY_P99_TARGET_MS = 20;
/** Past this event-loop delay p99 (a 10 ms timer's), the load generator is itself held up and adds to what it measures. */
const GENERATOR_STALLED_MS = 20;

export interface QueryMix {
  name: string;
  share: number;
  radius: number;
  queries: number;
  meanStages: number;
  /** Answers holding the most stages an answer carries (MAX_NEARBY_RESULTS). */
  fullAnswers: number;
}

export interface StagesResult {
  postgresVersion: string;
  seedSeconds: number;
  stages: number;
  liveStages: number;
  carousels: number;
  machineLoad: MachineLoad;
  connections: number;
  durationSeconds: number;
  queries: number;
  mix: QueryMix[];
  meanStages: number;
  checkedAnswers: number;
  meanResponseBytes: number;
  /** The checked answer the bare route answers: the one whose size is nearest the mean. */
  bareResponseBytes: number;
  bareResponseStages: number;
  nearby: Run;
  bare: Run;
  met: boolean;
  /** Every place asked once before the measured load: each stage's JSON read and serialized the first time. */
  firstPass: LoadResult;
}

export const meetsNearbyTarget = (run: Run) => isClean(run) && run.load.latencyMs.p99 < NEARBY_P99_TARGET_MS;

export async function measureStages(): Promise<StagesResult> {
  return withBenchDatabase('portal_stages', async (database) => {
    await migrateDatabase(stagesServerEnv(database.url));
    const { seeded, live, queries, expected } = await seedNearbyEstate(database.url);
    const mix = QUERY_KINDS.map((kind, index) => {
      const answers = expected.filter((_, i) => queries[i]?.kind === index);
      return {
        name: `${kind.kind === 'city' ? 'in a city' : 'anywhere'}, ${kind.radius.toLocaleString('en')} m`,
        share: kind.share,
        radius: kind.radius,
        queries: answers.length,
        meanStages: mean(answers.map((answer) => answer.length)),
        fullAnswers: answers.filter((answer) => answer.length === MAX_NEARBY_RESULTS).length,
      };
    });
    const meanStages = mean(expected.map((answer) => answer.length));
    console.log(
      `Drew ${QUERIES.toLocaleString('en')} places: ${mix
        .map((kind) => `${kind.queries} ${kind.name} (${kind.meanStages.toFixed(1)} stages on average)`)
        .join(', ')}; ${meanStages.toFixed(1)} stages per answer on average`,
    );

    const machineLoad = await sampleMachineLoad();
    const postgresPids = () => backendPids(database.name);
    const requestsFor = nearbyRequests(queries);
    const pinned = pinServerApart();
    try {
      const serverCpus = pinned?.serverCpus;
      if (pinned) console.log(`The servers measured run on CPU ${pinned.serverCpus}, the load generator on the others`);
      const server = await startPortalServer({
        env: stagesServerEnv(database.url),
        cpus: serverCpus,
        ...(process.env.BENCH_STAGES_PROFILE
          ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_STAGES_PROFILE}`] }
          : {}),
      });
      let checked: CheckedAnswers;
      let firstPass: LoadResult;
      let nearby: Run;
      try {
        checked = await checkAnswers(server.url, queries, expected, live);
        console.log(`Loading ${NEARBY_ROUTE}: every place once, at ${NEARBY_CONNECTIONS} connections (the first pass)`);
        firstPass = await runLoad(server.url, {
          connections: NEARBY_CONNECTIONS,
          requestsFor,
          durationSeconds: 600,
          amount: QUERIES,
        });
        nearby = await loadTarget(
          `${NEARBY_ROUTE}, ${QUERIES.toLocaleString('en')} places`,
          server.url,
          requestsFor,
          server.pid,
          postgresPids,
          NEARBY_CONNECTIONS,
        );
      } finally {
        await server.stop();
      }
      const { typical } = checked;
      const bareRoute = await startBareRoute(NEARBY_ROUTE, typical.body, typical.contentType, serverCpus);
      let bare: Run;
      try {
        bare = await loadTarget(
          `${NEARBY_ROUTE}, bare route`,
          bareRoute.url,
          requestsFor,
          bareRoute.pid,
          postgresPids,
          NEARBY_CONNECTIONS,
        );
      } finally {
        await bareRoute.close();
      }
      return {
        postgresVersion: seeded.postgresVersion,
        seedSeconds: seeded.seedSeconds,
        stages: seeded.stages,
        liveStages: live.stages.length,
        carousels: seeded.carousels,
        machineLoad,
        connections: NEARBY_CONNECTIONS,
        durationSeconds: DURATION_SECONDS,
        queries: QUERIES,
        mix,
        meanStages,
        checkedAnswers: checked.count,
        meanResponseBytes: checked.meanBytes,
        bareResponseBytes: typical.body.length,
        bareResponseStages: typical.stages,
        nearby,
        bare,
        met: meetsNearbyTarget(nearby),
        firstPass,
      };
    } finally {
      pinned?.release();
    }
  });
}

export function printStages(result: StagesResult): void {
  const row = (name: string, run: Run, verdict: string) => [
    name,
    ...runCells(run, formatRatio(ratio(run, result.bare)), run === result.bare),
    verdict,
  ];
  printTable(
    `Nearby stages on PostgreSQL ${result.postgresVersion}: ${result.stages.toLocaleString('en')} stages ` +
      `(${result.liveStages.toLocaleString('en')} live), ${result.queries.toLocaleString('en')} places in turn, ` +
      `${result.meanStages.toFixed(1)} stages per answer on average, ${result.connections} connections, ` +
      `${result.durationSeconds} s each; bare: a Fastify route answering a typical answer's ` +
      `${result.bareResponseBytes.toLocaleString('en')} bytes`,
    [{ header: 'read' }, ...RUN_COLUMNS, { header: `target (p99 < ${NEARBY_P99_TARGET_MS} ms)` }],
    [row(`GET ${NEARBY_ROUTE}`, result.nearby, formatVerdict(result.met)), row('bare route', result.bare, '–')],
  );
  console.log(
    `The places: ${result.mix
      .map(
        (kind) =>
          `${(kind.share * 100).toFixed(0)}% ${kind.name} (${kind.meanStages.toFixed(1)} stages on average, ` +
          `${kind.fullAnswers} of ${kind.queries} answers full at ${MAX_NEARBY_RESULTS})`,
      )
      .join('; ')}. ${result.checkedAnswers} answers checked against distanceMetres over every live stage; ` +
      `${result.meanResponseBytes.toFixed(0)} bytes per answer on average.`,
  );
  const { cpu } = result.nearby;
  console.log(
    `During the measured load: server ${(cpu.server / cpu.wallSeconds).toFixed(2)} cores, PostgreSQL ` +
      `${(cpu.postgres / cpu.wallSeconds).toFixed(2)}, the load generator ${(cpu.loadGenerator / cpu.wallSeconds).toFixed(2)}` +
      `${cpu.machine === null ? '' : `, the whole machine ${(cpu.machine / cpu.wallSeconds).toFixed(2)}`} ` +
      `of ${result.machineLoad.cores}.`,
  );
  console.log(
    `The load generator's own event-loop delay (latency it adds to what it measures): p99 ` +
      `${formatMs(result.nearby.generatorDelayMs.p99)}, max ${formatMs(result.nearby.generatorDelayMs.max)} under ` +
      `the nearby load; p99 ${formatMs(result.bare.generatorDelayMs.p99)}, max ` +
      `${formatMs(result.bare.generatorDelayMs.max)} under the bare route's.`,
  );
  if (result.nearby.generatorDelayMs.p99 > GENERATOR_STALLED_MS) {
    console.log(
      `The load generator itself was held up in this run (its event-loop delay p99 over ` +
        `${GENERATOR_STALLED_MS} ms, against about 12 ms when it keeps up, the 10 ms timer included): the latencies ` +
        `above are partly its own; the bare route's p99 shows how much.`,
    );
  }
  console.log(`Before the load: ${describeMachineLoad(result.machineLoad)}.`);
  const first = result.firstPass;
  console.log(
    `The first pass, every place once (the index built, each stage read and serialized the first time): ` +
      `${first.requestsPerSecond.toFixed(0)} req/s, p50 ${formatMs(first.latencyMs.p50)}, ` +
      `p99 ${formatMs(first.latencyMs.p99)}, ${first.non2xx + first.errors + first.timeouts} failed.`,
  );
}

runScript(import.meta.url, async () => printStages(await measureStages()));
