import { apiErrorSchema } from '@portal/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { type Operation, operationKey } from './openapi.ts';
import { type FuzzRequest, requestArbitrary } from './requests.ts';
import type { FuzzContext } from './values.ts';

/** Who sends a request: its name in reports, and the headers that make it so. */
export interface FuzzCaller {
  name: string;
  headers(): Record<string, string>;
}

export type FailureKind = 'server error' | 'error body' | 'no retry-after' | 'data changed';

export interface FuzzFailure {
  kind: FailureKind;
  operation: string;
  caller: string;
  seed: number;
  /** Which of the operation's samples (0-based) for this seed. */
  sample: number;
  request: FuzzRequest;
  status: number;
  body: string;
}

export interface FuzzOptions {
  app: FastifyInstance;
  operations: Operation[];
  context: FuzzContext;
  callers: FuzzCaller[];
  seed: number;
  runsPerOperation: number;
  /** A hash of the data that no refused request may change. */
  snapshot(): Promise<string>;
  /** Called after any 2xx: a fuzzed request may have ended the partner's session. */
  afterSuccess?(): Promise<void>;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  operations: number;
  /** Requests per status code. */
  statuses: Map<number, number>;
  failures: FuzzFailure[];
  seconds: number;
}

/** A seed per operation, from the run's seed and the operation's key: adding a route leaves the others' inputs alone. */
export function operationSeed(seed: number, key: string): number {
  let hash = 0x811c9dc5;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash ^ seed) | 0;
}

/** Destructive operations last, so that the others meet the partner's data while it is still there. */
function byRisk(a: Operation, b: Operation): number {
  return Number(a.method === 'DELETE') - Number(b.method === 'DELETE');
}

export function isErrorBody(body: string): boolean {
  try {
    const parsed = apiErrorSchema.strict().safeParse(JSON.parse(body));
    return parsed.success;
  } catch {
    return false;
  }
}

/** The same requests for the same seed: the samples of each operation, in order. */
export function sampleRequests(operation: Operation, context: FuzzContext, seed: number, runs: number): FuzzRequest[] {
  return fc.sample(requestArbitrary(operation, context), {
    seed: operationSeed(seed, operationKey(operation)),
    numRuns: runs,
  });
}

/**
 * Sends `runsPerOperation` seeded requests to every operation, once per caller, and checks each answer: no 5xx,
 * every 4xx is `{errorCode, message}` (a 429 also says when to retry), and a refused request leaves the snapshot
 * as it was.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const { app, context, callers, seed, runsPerOperation } = options;
  const started = performance.now();
  const statuses = new Map<number, number>();
  const failures: FuzzFailure[] = [];
  let requests = 0;
  let before = await options.snapshot();
  const operations = [...options.operations].sort(byRisk);
  for (const operation of operations) {
    const samples = sampleRequests(operation, context, seed, runsPerOperation);
    for (const [sample, request] of samples.entries()) {
      for (const caller of callers) {
        const response = await app.inject({
          method: request.method,
          url: request.url,
          headers: { ...request.headers, ...caller.headers() },
          remoteAddress: `10.9.${(sample >> 8) & 255}.${sample & 255}`,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        requests += 1;
        const status = response.statusCode;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const fail = (kind: FailureKind) =>
          failures.push({
            kind,
            operation: operationKey(operation),
            caller: caller.name,
            seed,
            sample,
            request,
            status,
            body: response.body.slice(0, 2000),
          });
        if (status >= 500) fail('server error');
        if (status >= 400 && status < 500) {
          if (!isErrorBody(response.body)) fail('error body');
          if (status === 429 && response.headers['retry-after'] === undefined) fail('no retry-after');
          const after = await options.snapshot();
          if (after !== before) fail('data changed');
          before = after;
        } else {
          if (status < 300) await options.afterSuccess?.();
          before = await options.snapshot();
        }
      }
    }
  }
  return {
    seed,
    requests,
    operations: operations.length,
    statuses,
    failures,
    seconds: (performance.now() - started) / 1000,
  };
}

const printable = (text: string, max: number) => {
  const escaped = JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
  return escaped.slice(1, -1);
};

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` body ${printable(Buffer.isBuffer(request.payload) ? request.payload.toString('latin1') : request.payload, 160)}`;
  const type = request.headers['content-type'];
  return `${request.method} ${printable(request.url, 160)}${type === undefined ? '' : ` [content-type: ${type}]`}${payload}`;
}

/** What sets a failure apart: its kind and status, and the error code (ours or Fastify's) or the start of the body. */
function failureClass(failure: FuzzFailure): string {
  const code = failure.body.match(/"(?:errorCode|code)":"([^"]+)"/)?.[1];
  return `${failure.kind}: ${failure.status} ${code ?? printable(failure.body, 60)}`;
}

/** Failures grouped by class, with the operations where they happened and one example to replay. */
export function formatFailures(failures: FuzzFailure[]): string {
  const classes = new Map<string, FuzzFailure[]>();
  for (const failure of failures) {
    const key = failureClass(failure);
    classes.set(key, [...(classes.get(key) ?? []), failure]);
  }
  return [...classes.entries()]
    .map(([key, group]) => {
      const example = group[0] as FuzzFailure;
      const operations = [...new Set(group.map((failure) => failure.operation))];
      return [
        `${key} (${group.length}× in ${operations.length} operations: ${operations.join(', ')})`,
        `  e.g. as ${example.caller}: ${describeRequest(example.request)}`,
        `  answered ${example.status}: ${printable(example.body, 200)}`,
        `  replay: FUZZ_SEED=${example.seed} FUZZ_OPERATION='${example.operation}' (sample ${example.sample})`,
      ].join('\n');
    })
    .join('\n');
}

export function formatStatuses(statuses: Map<number, number>): string {
  return [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
}
