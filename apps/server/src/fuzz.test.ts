import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerEstate, type PartnerEstate, snapshotPartnerData } from './testing/estate.ts';
import { fuzzContextOf, partnerCallers } from './testing/fuzz/estate.ts';
import {
  type FuzzReport,
  fetchOpenApiDocument,
  formatFailures,
  formatStatuses,
  listOperations,
  type Operation,
  operationKey,
  runFuzz,
  sampleRequests,
} from './testing/fuzz/index.ts';
import { createTestApp, type TestApp } from './testing/index.ts';

/** FUZZ_SEED replays a reported failure; FUZZ_OPERATION narrows the run to one operation. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_909);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 32);

describe(`fuzzing every operation of the OpenAPI document (seed ${SEED}, PGlite)`, () => {
  let t: TestApp;
  let estate: PartnerEstate;
  let report: FuzzReport;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    estate = await createPartnerEstate(t.app);
    operations = listOperations(await fetchOpenApiDocument(t.app)).filter(
      (operation) => !process.env.FUZZ_OPERATION || operationKey(operation) === process.env.FUZZ_OPERATION,
    );
    const { callers, afterSuccess } = partnerCallers(t.app, estate);
    report = await runFuzz({
      app: t.app,
      operations,
      context: fuzzContextOf(estate),
      callers,
      seed: SEED,
      runsPerOperation: RUNS_PER_OPERATION,
      snapshot: () => snapshotPartnerData(t.app.db, estate.userId),
      afterSuccess,
    });
    console.log(
      `fuzz: ${report.requests} requests to ${report.operations} operations in ${report.seconds.toFixed(1)} s, ` +
        `seed ${SEED}; statuses ${formatStatuses(report.statuses)}`,
    );
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const failuresOf = (kind: string) => formatFailures(report.failures.filter((failure) => failure.kind === kind));

  it('sends every operation its seeded requests, anonymous, as a partner and as a partner naming a studio', () => {
    expect(report.operations).toBeGreaterThan(0);
    expect(report.requests).toBe(report.operations * RUNS_PER_OPERATION * 3);
  });

  it('generates the same requests from the same seed, and others from another', () => {
    const context = fuzzContextOf(estate);
    const sample = (seed: number) => operations.map((operation) => sampleRequests(operation, context, seed, 4));
    expect(sample(SEED)).toEqual(sample(SEED));
    expect(sample(SEED + 1)).not.toEqual(sample(SEED));
  });

  it('answers no fuzzed request with a server error', () => {
    expect(failuresOf('server error'), 'requests answered 5xx').toBe('');
  });

  it('answers every refused request with {errorCode, message}', () => {
    expect(failuresOf('error body'), '4xx answers of another shape').toBe('');
  });

  it('says when to retry with every 429', () => {
    expect(failuresOf('no retry-after'), '429 answers without Retry-After').toBe('');
  });

  it("leaves the partner's data as it was after every refused request", () => {
    expect(failuresOf('data changed'), "refused requests that changed the partner's data").toBe('');
  });
});
