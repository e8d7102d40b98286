/**
 * The fuzzer at benchmark scale: at least 10,000 seeded requests generated from the OpenAPI document.
 *
 *   npx tsx bench/fuzz.ts               (also part of `npm run bench`; FUZZ_SEED picks another seed)
 *
 * Builds the app in this process on a fresh in-memory PGlite (test config: sandbox payments, mail outbox, no demo
 * seed), registers a connected partner who owns a game and a 3D model with testing versions, a review message, a
 * whitelisted tester, an image and a build, then sends every operation of `/api/docs/json` (without /dev/* and
 * the document itself) the same number of seeded requests, once anonymously and once as the partner: hostile path
 * segments and query strings (control characters, `%00`, bad percent-encoding, over-long values), JSON bodies
 * with a wrong, missing or extra field, malformed JSON, wrong content types and malformed multipart bodies
 * (apps/server/src/testing/fuzz/). The test suite runs the same generators with fewer requests (fuzz.test.ts).
 *
 * Prints the status histogram, then requests, operations, seconds and the three kinds of failure: 5xx answers,
 * 4xx answers that are not `{errorCode, message}`, 429 answers without Retry-After, and refused requests that
 * changed the partner's data, with one example per class of failure. The verdict is MET when all four are 0.
 */
import { runScript } from './lib/script.ts';
import { fuzzOnPglite } from './lib/server-internals.ts';
import { formatVerdict, printTable } from './lib/table.ts';

export const FUZZ_REQUESTS = 10_000;
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 1);

export interface FuzzResult {
  seed: number;
  requests: number;
  operations: number;
  seconds: number;
  statuses: Record<string, number>;
  serverErrors: number;
  malformedErrorBodies: number;
  missingRetryAfter: number;
  dataChanges: number;
  /** Failures grouped by class, one example each (empty when none). */
  failureClasses: string;
  met: boolean;
}

export async function measureFuzz(seed = FUZZ_SEED): Promise<FuzzResult> {
  const { report, failureClasses } = await fuzzOnPglite({ seed, totalRequests: FUZZ_REQUESTS });
  const count = (kind: string) => report.failures.filter((failure) => failure.kind === kind).length;
  const result = {
    seed,
    requests: report.requests,
    operations: report.operations,
    seconds: report.seconds,
    statuses: Object.fromEntries([...report.statuses.entries()].sort(([a], [b]) => a - b)),
    serverErrors: count('server error'),
    malformedErrorBodies: count('error body'),
    missingRetryAfter: count('no retry-after'),
    dataChanges: count('data changed'),
    failureClasses,
  };
  const failures = result.serverErrors + result.malformedErrorBodies + result.missingRetryAfter + result.dataChanges;
  return { ...result, met: failures === 0 };
}

export function printFuzzTable(result: FuzzResult): void {
  const share = (n: number) => `${((n / result.requests) * 100).toFixed(1)}%`;
  printTable(
    `Fuzzer: ${result.requests} seeded requests (seed ${result.seed}) to ${result.operations} operations, status histogram`,
    [{ header: 'status' }, { header: 'requests', align: 'right' }, { header: 'share', align: 'right' }],
    Object.entries(result.statuses).map(([status, n]) => [status, String(n), share(n)]),
  );
  printTable(
    'Fuzzer findings',
    [{ header: 'figure' }, { header: 'measured', align: 'right' }],
    [
      ['requests', String(result.requests)],
      ['seconds', result.seconds.toFixed(1)],
      ['5xx answers', String(result.serverErrors)],
      ['4xx answers not {errorCode, message}', String(result.malformedErrorBodies)],
      ['429 answers without Retry-After', String(result.missingRetryAfter)],
      ["refused requests that changed the partner's data", String(result.dataChanges)],
      ['verdict', formatVerdict(result.met)],
    ],
  );
  if (result.failureClasses) console.log(`\nFailure classes, one example each:\n${result.failureClasses}`);
}

runScript(import.meta.url, async () => {
  const result = await measureFuzz();
  printFuzzTable(result);
  if (!result.met) process.exitCode = 1;
});
